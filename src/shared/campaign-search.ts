import { PLATFORMS, type Platform } from './constants';

/** A campaign search as it lives in the URL: /?platform=tiktok&q=skincare. */
export interface CampaignSearch {
  platform?: Platform | undefined;
  q?: string | undefined;
}

const MAX_QUERY_LENGTH = 100;

function isPlatform(value: string | null): value is Platform {
  return value !== null && (PLATFORMS as readonly string[]).includes(value);
}

/** Reads the search from the query string; unknown platforms and empty keywords mean "no filter". */
export function readCampaignSearch(params: URLSearchParams): CampaignSearch {
  const platform = params.get('platform');
  const q = params.get('q')?.trim().slice(0, MAX_QUERY_LENGTH);
  return { platform: isPlatform(platform) ? platform : undefined, q: q || undefined };
}

/** The query string of a search, keeping other parameters of `current` untouched. */
export function writeCampaignSearch(
  search: CampaignSearch,
  current = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('cursor');
  if (search.platform) next.set('platform', search.platform);
  else next.delete('platform');
  const q = search.q?.trim().slice(0, MAX_QUERY_LENGTH);
  if (q) next.set('q', q);
  else next.delete('q');
  return next;
}

export function isFiltered(search: CampaignSearch): boolean {
  return Boolean(search.platform || search.q);
}
