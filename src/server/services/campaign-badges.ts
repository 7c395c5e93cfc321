import type { Database } from '../../db/client';
import { brandTrackRecord } from '../../db/queries/campaign-badges';
import { getPublicCampaign } from '../../db/queries/campaigns';
import { type CampaignBadges, campaignBadges } from '../../shared/campaign-badges';
import type { CampaignDetail } from '../../shared/schemas/campaign';

/** How long one brand's badges are reused: a track record moves slowly, the campaign page stays one cheap read. */
const TTL_MS = 60_000;
const LIMIT = 1000;
const caches = new WeakMap<object, Map<string, { value: Promise<CampaignBadges>; expires: number }>>();

/**
 * The 'Responds Fast' and 'Top Creator' badges of a campaign's brand (rules in src/shared/campaign-badges.ts), read
 * from the records and kept for a minute per brand.
 */
export function badgesForBrand(db: Database, brand: string, now: Date): Promise<CampaignBadges> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(brand);
  if (hit && hit.expires > now.getTime()) return hit.value;
  if (cache.size >= LIMIT) cache.clear();
  const value = brandTrackRecord(db, brand, now).then(campaignBadges);
  const entries = cache;
  entries.set(brand, { value, expires: now.getTime() + TTL_MS });
  value.catch(() => entries.delete(brand));
  return value;
}

/** One public campaign as `GET /api/campaigns/:id` answers it: the campaign with its brand's badges; null when unknown. */
export async function publicCampaignDetail(
  db: Database,
  id: number,
  now: Date,
): Promise<CampaignDetail | null> {
  const campaign = await getPublicCampaign(db, id);
  if (!campaign) return null;
  return { ...campaign, badges: await badgesForBrand(db, campaign.brand, now) };
}
