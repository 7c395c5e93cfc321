import { z } from 'zod';
import { cursorParam, pageCursorsSchema, pageLimitParam, searchQueryParam } from '../page-cursor';

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

export const creatorListSchema = z.object({
  items: z.array(creatorSummarySchema),
  /** Every creator without a search; with one, the matches up to 1,000 (see totalCapped). */
  total: z.number().int(),
  totalCapped: z
    .boolean()
    .describe('True when a search matches more than 1,000 creators: show the total as "1,000+"'),
  ...pageCursorsSchema,
});
