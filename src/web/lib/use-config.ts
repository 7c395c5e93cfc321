import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/config';
import { apiFetch } from './api-client';
import { bootData } from './boot-data';

export const configKey = ['config'] as const;

/** Public settings (launch mode, contact address), from the page itself when the server wrote them, else the API. */
export function useConfig() {
  return useQuery({
    queryKey: configKey,
    queryFn: ({ signal }) => apiFetch<PublicConfig>('/api/config', { signal }),
    initialData: () => bootData().config,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
