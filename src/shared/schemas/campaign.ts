import { z } from 'zod';
import {
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_PAGE_SIZE_MAX,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  CATALOGUE_STATUS_FILTERS,
  PLATFORMS,
} from '../constants';
import { filterQueryParam, pageCursorsSchema, pageLimitParam, searchQueryParam } from '../page-cursor';
import { idParamSchema } from './id-param';
import { filledText } from './text-field';

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
  productValue: z
    .string()
    .nullable()
    .describe(
      'Retail value of one PR box in US dollars, as a decimal string; null when the brand does not state it',
    ),
  maxAccepted: z.number().int().nullable().describe('How many boxes the campaign ships; null means no cap'),
  boxesLeft: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe(
      'maxAccepted minus the applications accepted so far (accepted or later); null when there is no cap',
    ),
  box: z
    .object({
      products: z.string().describe('The names of the products the PR box offers, joined by ", "'),
      stock: z.number().int().nonnegative().describe('Boxes in all, over every variant'),
      left: z.number().int().nonnegative().describe('Boxes not yet held by an accepted creator'),
    })
    .nullable()
    .describe(
      'Issue 37: the PR box\'s products and boxes left ("Serum · 12 of 40 left"); null when the campaign offers no products (and on the admin answers, whose Products section reads them)',
    ),
  reach: z.number().int().nonnegative(),
  imageUrl: z.string(),
  gallery: z.array(z.string()),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export type BoxSummary = NonNullable<Campaign['box']>;

/** One campaign with the badges its brand's records earn (src/shared/campaign-badges.ts). */
export const campaignDetailSchema = campaignSchema.extend({
  badges: z
    .object({
      respondsFast: z.boolean().describe('The brand answered most applications within two days'),
      topCreator: z.boolean().describe('At least five creators had content approved by the brand'),
    })
    .describe("Claims about the campaign's brand, each true only when its records say so"),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignPageSchema = z.object({
  items: z.array(campaignSchema),
  nextCursor: z.string().nullable(),
  total: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'Campaigns matching the filters: every one without a keyword; with a keyword up to 1,000 (see totalCapped)',
    ),
  totalCapped: z
    .boolean()
    .describe('True when more than 1,000 campaigns match a keyword search: show the total as "1,000+"'),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Query string of GET /api/campaigns. Empty values mean "no filter". */
export const campaignListQuerySchema = z.object({
  platform: filterQueryParam('platform', PLATFORMS),
  status: filterQueryParam(
    'status',
    CATALOGUE_STATUS_FILTERS,
    'Without it only open (active) campaigns are listed; `pending` or `ended` lists those, `all` every public campaign.',
  ),
  q: searchQueryParam(),
  limit: pageLimitParam(CAMPAIGN_PAGE_SIZE, CAMPAIGN_PAGE_SIZE_MAX),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200, { error: 'cursor is not valid' }).optional()),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

/** A campaign's id in a path: the rule of every record id. */
export const campaignIdParamSchema = idParamSchema;

const trimmed = (max: number, message: string) =>
  filledText({ missing: message, max, tooLong: `${message} (at most ${max} characters)` });

/** A count the admin may leave out (0): a whole number from 0 to `max`, the sentences naming the field. */
const countField = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} cannot be negative` })
    .max(max)
    .default(0);

/** An admin's campaign form (create and edit), with the spec's field names. */
export const campaignInputSchema = z.object({
  name: trimmed(120, 'Name is required'),
  brand: trimmed(120, 'Brand is required'),
  platform: z.enum(PLATFORMS, { error: `Platform must be one of: ${PLATFORMS.join(', ')}` }),
  type: z.enum(CAMPAIGN_TYPES, { error: 'Type must be gifting, paid or gifting_paid' }),
  description: trimmed(2000, 'Description is required'),
  requirements: z
    .array(z.string().trim().min(1).max(300), { error: 'Requirements must be a list' })
    .max(20, { error: 'At most 20 requirements' })
    .default([]),
  deadline: z.iso.date({ error: 'Deadline must be a date (YYYY-MM-DD)' }),
  reward: z.coerce
    .number({ error: 'Reward must be a whole number of Mint' })
    .int({ error: 'Reward must be a whole number of Mint' })
    .min(0, { error: 'Reward cannot be negative' })
    .max(100_000, { error: 'Reward must be at most 100,000 Mint' }),
  followersRequired: countField('Followers required', 1_000_000_000),
  status: z
    .enum(CAMPAIGN_STATUSES, { error: 'Status must be draft, active, pending or ended' })
    .default('draft'),
  budget: z
    .union([z.string(), z.number()], { error: 'Budget must be an amount in dollars' })
    .transform((v) => String(v).trim().replace(/[$,]/g, ''))
    .pipe(
      z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, {
        error: 'Budget must be an amount in dollars, like 12000 or 12000.50',
      }),
    ),
  productValue: z
    .union([z.string(), z.number(), z.null()], { error: 'Product value must be an amount in dollars' })
    .transform((v) => (v === null ? null : String(v).trim().replace(/[$,]/g, '') || null))
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}(\.\d{1,2})?$/, {
          error: 'Product value must be an amount in dollars of 0 or more, like 85 or 85.50',
        })
        .nullable(),
    )
    .default(null),
  reach: countField('Reach', 2_000_000_000),
  imageUrl: z
    .string({ error: 'An image is required' })
    .trim()
    .regex(/^\/(uploads|images)\/[\w./-]+$/, { error: 'Upload an image for the campaign' }),
  gallery: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\/(uploads|images)\/[\w./-]+$/),
    )
    .max(12)
    .default([]),
  tags: z.array(z.string().trim().min(1).max(40)).max(10, { error: 'At most 10 tags' }).default([]),
  maxAccepted: z.coerce
    .number({ error: 'Box count must be a whole number' })
    .int({ error: 'Box count must be a whole number' })
    .min(1, { error: 'Box count must be at least 1' })
    .max(100_000)
    .nullable()
    .default(null),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;
/** Editing: any subset of the fields. Absent fields stay as they are (no defaults are filled in). */
export const campaignPatchSchema = z.object(
  Object.fromEntries(
    Object.entries(campaignInputSchema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
    ]),
  ),
) as unknown as z.ZodType<Partial<CampaignInput>>;

/** A row of the admin's campaign table. */
export const adminCampaignSchema = campaignSchema.extend({
  acceptedCount: z.number().int(),
});

/** GET /api/admin/campaigns: a page of campaigns (drafts too) and how many match. */
export const adminCampaignListSchema = z.object({
  items: z.array(adminCampaignSchema),
  total: z.number().int(),
  ...pageCursorsSchema,
});
export type AdminCampaignList = z.infer<typeof adminCampaignListSchema>;
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

export const adminCampaignStatsSchema = z.object({
  totalCampaigns: z.number().int(),
  activeCampaigns: z.number().int(),
  totalReach: z.number(),
  /** Mint paid out as rewards (1 Mint = 1 USD). */
  totalSpent: z.number(),
});
export type AdminCampaignStats = z.infer<typeof adminCampaignStatsSchema>;
