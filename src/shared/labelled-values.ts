/**
 * A closed set of values written once: as the keys of the map that words each of them (its label on the screens, or
 * the message shown for it). The list of the values is the map's keys, in the map's order, so the zod enums, the
 * OpenAPI document and the screens' lists keep the order the map is written in; a new value is one line of the map.
 *
 *   export const PLATFORM_LABELS = { instagram: 'Instagram', tiktok: 'TikTok' };
 *   export const PLATFORMS = labelledValues(PLATFORM_LABELS); // ['instagram', 'tiktok']
 *   export type Platform = (typeof PLATFORMS)[number];
 */
export function labelledValues<Value extends string>(
  wording: Record<Value, string>,
): readonly [Value, ...Value[]] {
  return Object.keys(wording) as [Value, ...Value[]];
}
