import type { CampaignDetail } from '../../shared/schemas/campaign';
import type { PublicConfig } from '../../shared/schemas/config';

/** What the server writes into the page (src/server/web-meta.ts) so the app starts without waiting for the API. */
export interface BootData {
  config?: PublicConfig;
  campaign?: CampaignDetail;
}

const ELEMENT_ID = 'mintbox-boot';
let cached: BootData | undefined;

/** The boot data of this page load; empty in the Vite dev server, which sends index.html as it is. */
export function bootData(): BootData {
  if (cached) return cached;
  cached = {};
  if (typeof document === 'undefined') return cached;
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (text) {
    try {
      cached = JSON.parse(text) as BootData;
    } catch {
      // A broken block only costs one request to the API.
    }
  }
  return cached;
}
