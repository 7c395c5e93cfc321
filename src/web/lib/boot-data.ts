import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { BOOT_DATA_ELEMENT_ID, type BootData } from '../../shared/page-render';
import type { CampaignPage } from '../../shared/schemas/campaign';
import { publicKeys } from './public-query-keys';
import { type PublicReads, readKey } from './public-reads';

export type { BootData };

let cached: BootData | undefined;

/** The boot data of this page load; empty in the Vite dev server, which sends index.html as it is. */
export function bootData(): BootData {
  if (cached) return cached;
  cached = {};
  if (typeof document === 'undefined') return cached;
  const text = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      cached = JSON.parse(text) as BootData;
    } catch {
      // A broken block only costs one request to the API.
    }
  }
  return cached;
}

/**
 * Puts the page's data into the query cache before the first render. The server render (server-entry.tsx) and the
 * browser (main.tsx) both call it with the same boot data, so both draw the same page and hydration matches.
 */
export function seedQueryClient(queryClient: QueryClient, boot: BootData): void {
  if (boot.config) queryClient.setQueryData(publicKeys.config, boot.config);
  if (boot.campaign) {
    queryClient.setQueryData(publicKeys.campaigns.detail(String(boot.campaign.id)), boot.campaign);
  }
  if (boot.campaigns) {
    const { platform, q, page } = boot.campaigns;
    const data: InfiniteData<CampaignPage, string | null> = { pages: [page], pageParams: [null] };
    queryClient.setQueryData(publicKeys.campaigns.list({ platform, q }), data);
  }
  if (boot.session) queryClient.setQueryData(publicKeys.session, boot.session);
}

/**
 * The same for the public pages' store (lib/public-reads.ts, decision 0044): what / and /campaign/:id read on a first
 * load, on the server render and in the browser alike.
 */
export function seedPublicReads(reads: PublicReads, boot: BootData): PublicReads {
  if (boot.config) reads.set(readKey(publicKeys.config), boot.config);
  if (boot.campaign) reads.set(readKey(publicKeys.campaigns.detail(String(boot.campaign.id))), boot.campaign);
  if (boot.campaigns) {
    const { platform, q, page } = boot.campaigns;
    const data: InfiniteData<CampaignPage, string | null> = { pages: [page], pageParams: [null] };
    reads.set(readKey(publicKeys.campaigns.list({ platform, q })), data);
  }
  if (boot.session) reads.set(readKey(publicKeys.session), boot.session);
  return reads;
}
