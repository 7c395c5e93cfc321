import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PublicConfig } from '../../shared/schemas/config';
import {
  campaignListQuery,
  campaignProductsQuery,
  campaignQuery,
} from '../features/campaigns/api/campaign-queries';
import { apiFetch, firstLoadAnswer } from './api-client';
import { bootData } from './boot-data';
import { publicKeys } from './query-keys';
import type { Readers } from './readers';
import { endSessionOnServer, sessionResponse, setSession } from './use-session';

/** Read before / is interactive: typed from its schema, not parsed (decision 0026). */
const publicConfig = firstLoadAnswer<PublicConfig>();

/** The full app's readers (lib/readers.ts): TanStack Query, as every other page reads. */
export const queryReaders: Readers = {
  useSessionAnswer: () =>
    useQuery({
      queryKey: publicKeys.session,
      queryFn: ({ signal }) => apiFetch('/api/session', { signal, schema: sessionResponse }),
      staleTime: 60_000,
      retry: 1,
    }),
  useConfig: () =>
    useQuery({
      queryKey: publicKeys.config,
      queryFn: ({ signal }) => apiFetch('/api/config', { signal, schema: publicConfig }),
      initialData: () => bootData().config,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  useCampaign: (id) => useQuery(campaignQuery(id)),
  useCampaignList: (filters) => useInfiniteQuery(campaignListQuery(filters)),
  useCampaignProducts: (campaignId) => useQuery(campaignProductsQuery(campaignId)),
  useSignOut: () => {
    const queryClient = useQueryClient();
    return useCallback(
      async (then?: () => void) => {
        await endSessionOnServer();
        // The session query is replaced, not updated: the page on screen (and its route guard) keeps what it showed
        // until `then` navigates away. Told "signed out" first, an admin page's guard would send the person to /admin.
        queryClient.removeQueries({ queryKey: publicKeys.session, exact: true });
        setSession(queryClient, { user: null });
        then?.();
      },
      [queryClient],
    );
  },
};
