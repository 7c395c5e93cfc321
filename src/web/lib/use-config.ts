import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '../../shared/schemas/config';
import { apiFetch } from './api-client';
import { bootData } from './boot-data';
import { publicKeys } from './query-keys';

/** Public settings (launch mode, contact address), from the page itself when the server wrote them, else the API. */
export function useConfig() {
  return useQuery({
    queryKey: publicKeys.config,
    queryFn: ({ signal }) => apiFetch('/api/config', { signal, schema: publicConfigSchema }),
    initialData: () => bootData().config,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
