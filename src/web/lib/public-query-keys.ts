import type { QueryClient } from '@tanstack/react-query';
import type { Platform } from '../../shared/constants';

/**
 * The TanStack Query keys of what anyone may see (the public catalogue, the public configuration, who is signed in),
 * apart from `query-keys.ts` (which re-exports them) so / and /campaign/:id load no private key (decision 0051).
 * Everything tied to a session lives under the one root PRIVATE_ROOT, which `clearPrivateData` drops whenever the
 * session changes (sign-in, sign-out, admin sign-in), so the next person on the same tab never sees the last one's data.
 */

export interface CampaignListFilters {
  platform?: Platform | undefined;
  q?: string | undefined;
}

export const PRIVATE_ROOT = ['private'] as const;

export const publicKeys = {
  config: ['config'] as const,
  /** Who is signed in (GET /api/session): replaced at every session change. */
  session: ['session'] as const,
  campaigns: {
    all: ['campaigns'] as const,
    list: (filters: CampaignListFilters) =>
      ['campaigns', 'list', filters.platform ?? '', filters.q ?? ''] as const,
    details: ['campaigns', 'detail'] as const,
    detail: (id: string) => ['campaigns', 'detail', id] as const,
    /** GET /api/campaigns/:id/products: the products and boxes left (under the detail: applying refreshes both). */
    products: (id: string) => ['campaigns', 'detail', id, 'products'] as const,
  },
};

/** Forgets everything tied to a session. Every session change calls it (through `setSession` in use-session). */
export function clearPrivateData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: PRIVATE_ROOT });
}
