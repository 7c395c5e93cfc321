import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/config';
import { apiFetch, firstLoadAnswer } from './api-client';
import { bootData } from './boot-data';
import { publicKeys } from './query-keys';

/** Read before / is interactive: typed from its schema, not parsed (decision 0026). */
const publicConfig = firstLoadAnswer<PublicConfig>();

/** Public settings (launch mode, contact address), from the page itself when the server wrote them, else the API. */
export function useConfig() {
  return useQuery({
    queryKey: publicKeys.config,
    queryFn: ({ signal }) => apiFetch('/api/config', { signal, schema: publicConfig }),
    initialData: () => bootData().config,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
