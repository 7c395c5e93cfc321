import { z } from 'zod';
import { PLATFORMS } from '../constants';
import { METRIC_FIELDS, METRIC_SOURCES, type MetricField } from '../content-metrics';
import { creatorCursorParam, pageLimitParam, postCursorParam } from '../page-cursor';

/** A count as typed in a form or sent as JSON: blank means unknown. */
const countField = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int({ error: `${name} must be a whole number` })
      .min(0, { error: `${name} cannot be negative` })
      .max(1_000_000_000_000, { error: `${name} is too large` })
      .optional(),
  );

const figureFields = Object.fromEntries(METRIC_FIELDS.map((f) => [f, countField(f)])) as Record<
  MetricField,
  ReturnType<typeof countField>
>;

/** Figures for one post: the post's link (one of the submission's links) and the counts known. */
export const metricsFieldsSchema = z.object({
  postUrl: z
    .string({ error: 'postUrl: choose the post' })
    .trim()
    .url({ error: 'postUrl: choose the post' })
    .max(2000),
  ...figureFields,
});

/** Figures for one post, at least one count. */
export const metricsInputSchema = metricsFieldsSchema.refine(
  (v) => METRIC_FIELDS.some((f) => v[f] !== undefined),
  {
    error: 'views: enter at least one figure',
    path: ['views'],
  },
);
export type MetricsInput = z.infer<typeof metricsInputSchema>;

const figures = Object.fromEntries(METRIC_FIELDS.map((f) => [f, z.number().nullable()])) as Record<
  MetricField,
  z.ZodNullable<z.ZodNumber>
>;

export const metricTotalsSchema = z.object({
  posts: z.number().int(),
  ...figures,
  interactions: z.number(),
  engagementRate: z.number().nullable(),
});
export type MetricTotals = z.infer<typeof metricTotalsSchema>;

/** The totals of a platform with no post (yet): the server's answer and the web's empty tab show the same. */
export const EMPTY_METRIC_TOTALS: MetricTotals = {
  posts: 0,
  views: null,
  likes: null,
  comments: null,
  shares: null,
  saves: null,
  reach: null,
  interactions: 0,
  engagementRate: null,
};

/**
 * What the platform says a post looks like (issue 24), read by the metrics job with the figures: the caption as plain
 * text and our stored copy of its thumbnail (`/uploads/<name>`, private to the creator and admins), when it was read.
 */
export const postLookSchema = z.object({
  caption: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  readAt: z.string(),
});
export type PostLookView = z.infer<typeof postLookSchema>;

/** One post with its counted figures (API first, else the latest admin or confirmed creator figures). */
export const postMetricsSchema = z.object({
  submissionId: z.number().int(),
  postUrl: z.string(),
  platform: z.enum(PLATFORMS),
  campaignId: z.number().int(),
  campaignName: z.string(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  creatorUsername: z.string(),
  ...figures,
  interactions: z.number(),
  engagementRate: z.number().nullable(),
  /** null: no figures yet. */
  source: z.enum(METRIC_SOURCES).nullable(),
  measuredAt: z.string().nullable(),
  /** A creator report waiting for an admin (not counted yet). */
  pendingReport: z
    .object({ id: z.number().int(), measuredAt: z.string(), screenshotUrl: z.string(), ...figures })
    .nullable(),
  /** The post as the platform shows it (caption, thumbnail), or null: the page shows the link card. */
  preview: postLookSchema.nullable(),
});
export type PostMetrics = z.infer<typeof postMetricsSchema>;

export const seriesPointSchema = z.object({ date: z.string(), views: z.number(), interactions: z.number() });

export const creatorMetricsSchema = z.object({
  creatorId: z.number().int(),
  creatorName: z.string(),
  creatorUsername: z.string(),
  posts: z.number().int(),
  views: z.number().nullable(),
  interactions: z.number(),
  engagementRate: z.number().nullable(),
});

export const platformAnalyticsSchema = z.object({
  platform: z.enum(PLATFORMS),
  note: z.string(),
  totals: metricTotalsSchema,
  /** Change over the last 7 days (figures as counted now minus as counted a week ago). */
  weeklyChange: z.object({ views: z.number(), interactions: z.number() }),
  series: z.array(seriesPointSchema),
  /** The first page of the tab's posts (most viewed first); `postCount` counts them all. */
  posts: z.array(postMetricsSchema),
  postCount: z.number().int(),
  /** The cursor of GET …/analytics/posts for the next page; null when every post is shown. */
  postsNextCursor: z.string().nullable(),
  /** The first page of the tab's creators with figures (most engaging first); `creatorCount` counts them all. */
  creators: z.array(creatorMetricsSchema),
  creatorCount: z.number().int(),
  /** The cursor of GET …/analytics/creators for the next page; null when every creator is shown. */
  creatorsNextCursor: z.string().nullable(),
});
export type PlatformAnalytics = z.infer<typeof platformAnalyticsSchema>;

export const campaignAnalyticsSchema = z.object({
  campaign: z.object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string(),
    status: z.string(),
    platform: z.enum(PLATFORMS),
    budget: z.number(),
  }),
  /** Mint credited as rewards for this campaign (1 Mint = 1 USD). */
  mintSpent: z.number(),
  /**
   * What the costs divide, in USD: `mintSpent` plus, when the campaign states a product value, that value for every
   * box shipped (`costBasis` says which).
   */
  costSpent: z.number(),
  /** USD per view and per interaction counted now, from `costSpent`. null when nothing was spent or counted. */
  costPerView: z.number().nullable(),
  costPerEngagement: z.number().nullable(),
  /** What the costs include, in words. */
  costBasis: z.string(),
  demographicsNote: z.string(),
  /** Followers' ages summed over the creators' connected Instagram accounts; null when none provides them. */
  demographics: z
    .object({
      accounts: z.number().int(),
      brackets: z.array(z.object({ age: z.string(), followers: z.number() })),
    })
    .nullable(),
  platforms: z.array(platformAnalyticsSchema),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;

/**
 * The query of a campaign's paged posts or creators: one platform tab, from a cursor (`cursor` reads the tab's kind),
 * `limit` rows (50 when absent).
 */
const tabQuery = <C extends z.ZodType>(cursor: C) =>
  z.object({
    platform: z.enum(PLATFORMS, { error: `platform must be one of ${PLATFORMS.join(', ')}` }),
    cursor,
    limit: pageLimitParam(50),
  });
export const campaignPostsQuerySchema = tabQuery(postCursorParam);
export const campaignCreatorsQuerySchema = tabQuery(creatorCursorParam);

/** A page of one tab's rows, in the tab's order; `total` counts every row of the tab. */
const tabPage = <T extends z.ZodType>(row: T) =>
  z.object({
    items: z.array(row),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
  });

/** GET /api/admin/campaigns/:id/analytics/posts: a page of one tab's posts. */
export const campaignPostsPageSchema = tabPage(postMetricsSchema);
export type CampaignPostsPage = z.infer<typeof campaignPostsPageSchema>;

/** GET /api/admin/campaigns/:id/analytics/creators: a page of one tab's creators with figures. */
export const campaignCreatorsPageSchema = tabPage(creatorMetricsSchema);
export type CampaignCreatorsPage = z.infer<typeof campaignCreatorsPageSchema>;

const monthFigures = z.object({
  views: z.number(),
  engagement: z.number(),
  shares: z.number(),
  comments: z.number(),
});

/** A creator's own figures: this month (growth since the 1st, UTC) against last month, and every post. */
export const myAnalyticsSchema = z.object({
  thisMonth: monthFigures,
  lastMonth: monthFigures,
  totals: metricTotalsSchema,
  posts: z.array(postMetricsSchema),
});
export type MyAnalytics = z.infer<typeof myAnalyticsSchema>;

/**
 * A creator's engagement on an applicant card (each applicant of `GET /api/admin/campaigns/:id/applications`):
 * `influencers.engagement_rate` (from all their posts' counted figures) and how many of their posts have figures.
 */
export const applicantEngagementSchema = z.object({
  engagementRate: z.number(),
  measuredPosts: z.number().int(),
});
export type ApplicantEngagement = z.infer<typeof applicantEngagementSchema>;

export const overviewQuerySchema = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'from must be a date like 2026-01-31' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'to must be a date like 2026-01-31' })
    .optional(),
  /** `all`: every post ever submitted (from and to are then ignored). */
  range: z.enum(['all'], { error: 'range must be all, or left out' }).optional(),
});

/** The overview's default range: the last 90 days, today included. */
export const OVERVIEW_DEFAULT_DAYS = 90;

export const analyticsOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether the range is "All time" (from the first post ever submitted to today). */
  allTime: z.boolean(),
  /** Measured posts submitted outside the range, left out of every figure (issue 41). */
  outside: z.number().int(),
  totals: metricTotalsSchema,
  campaigns: z.array(
    z.object({
      campaignId: z.number().int(),
      campaignName: z.string(),
      platform: z.enum(PLATFORMS),
      posts: z.number().int(),
      views: z.number().nullable(),
      interactions: z.number(),
      engagementRate: z.number().nullable(),
    }),
  ),
  creators: z.array(creatorMetricsSchema),
  posts: z.array(postMetricsSchema),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
