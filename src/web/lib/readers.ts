import { createContext, useContext } from 'react';
import type { CampaignDetail, CampaignPage } from '../../shared/schemas/campaign';
import type { PublicConfig } from '../../shared/schemas/config';
import type { ProductView } from '../../shared/schemas/products';
import type { SessionResponse } from '../../shared/schemas/session';
import type { CampaignListFilters } from './public-query-keys';
import type { PagesResult, ReadResult } from './public-reads';

/**
 * How the pages both trees draw (/, /campaign/:id, the top bar, the footer) read the session, the configuration and
 * the catalogue: from the page load's own store on a first load of a public page (lib/public-readers.ts, no TanStack
 * Query), with TanStack Query in the full app (lib/query-readers.ts). Each tree provides its own and keeps it while
 * it is mounted, so a component always calls the same hooks (decision 0044).
 */
/** GET /api/campaigns/:id/products: what the PR box offers, each variant with its boxes left (issue 37). */
export interface CampaignProducts {
  items: ProductView[];
}

export interface Readers {
  useSessionAnswer(): { isPending: boolean; data: SessionResponse | undefined };
  useConfig(): { data: PublicConfig | undefined; isPending: boolean };
  useCampaign(id: string | undefined): ReadResult<CampaignDetail>;
  useCampaignList(filters: CampaignListFilters): PagesResult<CampaignPage>;
  useCampaignProducts(campaignId: number): ReadResult<CampaignProducts>;
  useSignOut(): (then?: () => void) => Promise<void>;
}

export const ReadersContext = createContext<Readers | null>(null);

export function useReaders(): Readers {
  const readers = useContext(ReadersContext);
  if (!readers)
    throw new Error('useReaders needs a ReadersContext.Provider (app/app-root.tsx, app/full-app.tsx)');
  return readers;
}
