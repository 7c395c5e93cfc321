import { z } from 'zod';
import { cappedPageSchema, cursorParam, pageLimitParam, searchQueryParam } from '../page-cursor';

/** An influencer as admins see it in lists. */
export const creatorSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  platform: z.string().nullable(),
  followers: z.number().int(),
  niche: z.string(),
  emailVerified: z.boolean(),
  profileCompleted: z.boolean(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  /** When the creator closed their account (null while it is open). */
  closedAt: z.string().nullable(),
});
export type CreatorSummary = z.infer<typeof creatorSummarySchema>;

export const creatorListQuerySchema = z.object({
  q: searchQueryParam(),
  limit: pageLimitParam(25),
  cursor: cursorParam,
});

/** A page of creators; `total` is every creator without a search, with one the matches up to 1,000. */
export const creatorListSchema = cappedPageSchema(
  creatorSummarySchema,
  'a search matches more than 1,000 creators',
);
