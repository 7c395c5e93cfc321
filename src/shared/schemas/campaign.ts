import { z } from 'zod';
import {
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_PAGE_SIZE_MAX,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  PLATFORMS,
  PUBLIC_CAMPAIGN_STATUSES,
} from '../constants';

/** A campaign as the API returns it (spec §3 field names). */
export const campaignSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  brand: z.string(),
  platform: z.enum(PLATFORMS),
  type: z.enum(CAMPAIGN_TYPES),
  description: z.string(),
  requirements: z.array(z.string()),
  deadline: z.string().describe('Application deadline, ISO date (YYYY-MM-DD)'),
  reward: z.number().int().nonnegative().describe('Reward in Mint (1 Mint = 1 USD)'),
  applicationsCount: z.number().int().nonnegative(),
  followersRequired: z.number().int().nonnegative().describe('0 means any follower count'),
  status: z.enum(CAMPAIGN_STATUSES),
  budget: z.string().describe('Budget in US dollars, as a decimal string'),
  reach: z.number().int().nonnegative(),
  imageUrl: z.string(),
  gallery: z.array(z.string()),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPageSchema = z.object({
  items: z.array(campaignSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Query string of GET /api/campaigns. Empty values mean "no filter". */
export const campaignListQuerySchema = z.object({
  platform: z.preprocess(
    emptyToUndefined,
    z.enum(PLATFORMS, { error: `platform must be one of: ${PLATFORMS.join(', ')}` }).optional(),
  ),
  status: z.preprocess(
    emptyToUndefined,
    z
      .enum(PUBLIC_CAMPAIGN_STATUSES, {
        error: `status must be one of: ${PUBLIC_CAMPAIGN_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().max(100, { error: 'q must be at most 100 characters' }).optional(),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(CAMPAIGN_PAGE_SIZE_MAX, { error: `limit must be at most ${CAMPAIGN_PAGE_SIZE_MAX}` })
      .default(CAMPAIGN_PAGE_SIZE),
  ),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200, { error: 'cursor is not valid' }).optional()),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int({ error: 'id must be a positive whole number' })
    .positive({ error: 'id must be a positive whole number' })
    .max(2_147_483_647, { error: 'id must be a positive whole number' }),
});

export const errorSchema = z.object({ error: z.string() });
