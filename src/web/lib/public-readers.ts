import { useCallback } from 'react';
import { QUERY_STALE_TIME_MS } from '../../shared/constants';
import type { CampaignDetail, CampaignPage } from '../../shared/schemas/campaign';
import type { PublicConfig } from '../../shared/schemas/config';
import type { SessionResponse } from '../../shared/schemas/session';
import {
  type CampaignProducts,
  readCampaign,
  readCampaignPage,
  readCampaignProducts,
} from '../features/campaigns/api/campaign-reads';
import { apiFetch, firstLoadAnswer } from './api-client';
import { publicKeys } from './public-query-keys';
import { readKey, usePublicPages, usePublicRead, usePublicReads } from './public-reads';
import type { Readers } from './readers';
import { retryDelay, shouldRetry } from './retry';
import { endSessionOnServer, sessionResponse } from './use-session';

/** Read before / is interactive: typed from its schema, not parsed (decision 0026). */
const publicConfig = firstLoadAnswer<PublicConfig>();
const once = (failureCount: number) => failureCount < 1;

/**
 * The first load's readers (lib/readers.ts): the page load's store (lib/public-reads.ts), with the options the full
 * app's queries have (stale times, retries), so a public page behaves the same without TanStack Query.
 */
export const publicReaders: Readers = {
  useSessionAnswer: () =>
    usePublicRead<SessionResponse>({
      key: publicKeys.session,
      read: () => apiFetch('/api/session', { schema: sessionResponse }),
      staleTime: 60_000,
      retry: once,
      retryDelay,
    }),
  useConfig: () =>
    usePublicRead<PublicConfig>({
      key: publicKeys.config,
      read: () => apiFetch('/api/config', { schema: publicConfig }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: shouldRetry,
      retryDelay,
    }),
  useCampaign: (id) =>
    usePublicRead<CampaignDetail>({
      key: publicKeys.campaigns.detail(id ?? ''),
      read: () => readCampaign(id ?? ''),
      enabled: Boolean(id),
      staleTime: QUERY_STALE_TIME_MS,
      retry: shouldRetry,
      retryDelay,
    }),
  useCampaignList: (filters) =>
    usePublicPages<CampaignPage>({
      key: publicKeys.campaigns.list(filters),
      readPage: (cursor) => readCampaignPage(filters, cursor),
      nextCursor: (page) => page.nextCursor,
      staleTime: QUERY_STALE_TIME_MS,
      retry: shouldRetry,
      retryDelay,
    }),
  useCampaignProducts: (campaignId) =>
    usePublicRead<CampaignProducts>({
      key: publicKeys.campaigns.products(String(campaignId)),
      read: () => readCampaignProducts(campaignId),
      staleTime: QUERY_STALE_TIME_MS,
      retry: shouldRetry,
      retryDelay,
    }),
  useSignOut: () => {
    const reads = usePublicReads();
    return useCallback(
      async (then?: () => void) => {
        await endSessionOnServer();
        reads.set(readKey(publicKeys.session), { user: null } satisfies SessionResponse);
        then?.();
      },
      [reads],
    );
  },
};
