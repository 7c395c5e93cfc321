import { z } from 'zod';
import type { AgeBracket } from '../../../db/schema/content-metrics';
import type { PostLook } from '../metrics-source';
import type { InstagramAnswerError } from './graph-errors';

/** The shapes of the Instagram answers we read (see client.ts's header for the pages they come from). */

export const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
// The code exchange answers { data: [{ access_token, user_id, permissions }] } (older answers had them at the top).
export const shortTokenSchema = z.union([
  z.object({
    data: z.array(z.object({ access_token: z.string(), user_id: z.union([z.string(), z.number()]) })).min(1),
  }),
  z.object({ access_token: z.string(), user_id: z.union([z.string(), z.number()]) }),
]);
export const meSchema = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  id: z.string(),
  username: z.string(),
  followers_count: z.number().int().nonnegative().optional(),
});
export const mediaPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      permalink: z.string().optional(),
      shortcode: z.string().optional(),
      media_type: z.string().optional(),
      caption: z.string().optional(),
      media_url: z.string().optional(),
      thumbnail_url: z.string().optional(),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional(),
});
export const insightsSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.number() })).optional(),
      total_value: z.object({ value: z.number() }).optional(),
    }),
  ),
});
export const demographicsSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      total_value: z
        .object({
          breakdowns: z
            .array(
              z.object({
                results: z
                  .array(z.object({ dimension_values: z.array(z.string()), value: z.number() }))
                  .default([]),
              }),
            )
            .default([]),
        })
        .optional(),
    }),
  ),
});

/**
 * What a media looks like: its caption, and its cover image: `thumbnail_url` for a video, `media_url` for an image or
 * an album (a video's `media_url` is the video file itself, never downloaded).
 */
export function lookOf(media: z.infer<typeof mediaPageSchema>['data'][number]): PostLook {
  const caption = media.caption?.trim();
  const image = media.media_type === 'VIDEO' ? undefined : media.media_url;
  return { caption: caption || null, thumbnailUrl: media.thumbnail_url || image || null };
}

/** The followers' ages, or why there are none: too few followers (documented), or a refused request. */
export type AgeDemographicsResult =
  | { status: 'ages'; brackets: AgeBracket[] }
  | { status: 'too-few-followers' }
  | { status: 'refused'; error: InstagramAnswerError };

export interface LongLivedToken {
  accessToken: string;
  expiresAt: Date;
}
