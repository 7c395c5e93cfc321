/*
 * Issue 42, item 11: TikTok lets a person untick scopes on its consent page ("Users have the rights to only agree to
 * a subset of scopes you requested", Manage User Access Tokens). The sign-in reads only what was granted, and the
 * creator is told what is missing and how to give it.
 */

/**
 * What the sign-in asks for: the profile fields (basic and profile), the follower count (stats: the creator's
 * verified TikTok followers) and the creator's videos (metrics).
 */
export const TIKTOK_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
] as const;
/** The profile fields read at sign-in; open_id, avatar_large_url and display_name need user.info.basic. */
export const TIKTOK_PROFILE_FIELDS = ['open_id', 'avatar_large_url', 'display_name', 'username'] as const;
/** The scope each profile field needs ("Get User Info"). */
const PROFILE_FIELD_SCOPE: Record<(typeof TIKTOK_PROFILE_FIELDS)[number], string> = {
  open_id: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
};

/**
 * The profile fields a grant lets the sign-in read (issue 42: TikTok lets a person untick scopes, and asking a field
 * whose scope was not granted fails the whole read). Without a list of granted scopes, every field.
 */
export function tiktokProfileFields(granted: readonly string[] | undefined): string[] {
  if (!granted || granted.length === 0) return [...TIKTOK_PROFILE_FIELDS];
  return TIKTOK_PROFILE_FIELDS.filter((field) => granted.includes(PROFILE_FIELD_SCOPE[field]));
}

/** What each scope gives the creator, in the words the reconnect message uses. */
export const TIKTOK_SCOPE_USES: Readonly<Record<(typeof TIKTOK_SCOPES)[number], string>> = {
  'user.info.basic': 'your name and picture',
  'user.info.profile': 'your username',
  'user.info.stats': 'your follower count',
  'video.list': 'your videos’ views, likes, comments and shares',
};

/** The scopes we ask for that a grant (TikTok's comma-separated `scope`) left out, in our order. */
export function missingTiktokScopes(granted: string | null | undefined): string[] {
  const have = new Set((granted ?? '').split(/[,\s]+/).filter(Boolean));
  return TIKTOK_SCOPES.filter((scope) => !have.has(scope));
}

/** The sentence that tells the creator what a grant left out and what to do, or null when nothing is missing. */
export function tiktokReconnectMessage(missing: readonly string[]): string | null {
  const uses = missing.map((scope) => TIKTOK_SCOPE_USES[scope as (typeof TIKTOK_SCOPES)[number]] ?? scope);
  if (uses.length === 0) return null;
  const list = uses.length === 1 ? uses[0] : `${uses.slice(0, -1).join(', ')} and ${uses.at(-1)}`;
  return `TikTok did not give Mintbox ${list}. Reconnect TikTok and leave those boxes ticked.`;
}
