import { z } from 'zod';

/**
 * Issue 27: a creator's reliability record, every figure a count from the records with the counts behind it
 * (decision 0029). The server reads it from `creator_reliability`; the web words it with src/shared/reliability.ts.
 */
export const reliabilitySchema = z.object({
  /** Applications made, and those an admin accepted. */
  applications: z.number().int(),
  accepted: z.number().int(),
  /** Posts that were due (on time + late + missed), and how each ended. */
  due: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  /** First submissions an admin reviewed, and those approved without changes. */
  firstReviewed: z.number().int(),
  firstApproved: z.number().int(),
  /** PR boxes shipped, and delivery problems reported. */
  boxesShipped: z.number().int(),
  problemsReported: z.number().int(),
  /** Posts that followed a delivery, and the average days from delivery to post over them (null with none). */
  deliveryToPostCount: z.number().int(),
  averageDaysToPost: z.number().nullable(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

/** The record of a creator with no application yet: every count 0, no average. */
export const EMPTY_RELIABILITY: Readonly<Reliability> = {
  applications: 0,
  accepted: 0,
  due: 0,
  onTime: 0,
  late: 0,
  missed: 0,
  firstReviewed: 0,
  firstApproved: 0,
  boxesShipped: 0,
  problemsReported: 0,
  deliveryToPostCount: 0,
  averageDaysToPost: null,
};

/** GET /api/me/reliability: the creator's own record. */
export const myReliabilitySchema = z.object({ record: reliabilitySchema });

/** How the review page orders applicants: newest first, or those with the most posts on time (fewest missed) first. */
export const APPLICANT_SORTS = ['newest', 'on_time'] as const;
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];
/** The review's status groups (src/shared/lifecycle/statuses.ts sets). */
export const APPLICANT_GROUPS = ['all', 'review', 'progress', 'approved', 'closed'] as const;
export type ApplicantGroup = (typeof APPLICANT_GROUPS)[number];
export const APPLICANT_PAGE_SIZE = 20;

/** GET /api/admin/campaigns/:id/applications query: a group, an order, "missed none", and the keyset cursor. */
export const applicantsQuerySchema = z.object({
  group: z.enum(APPLICANT_GROUPS).default('all').describe('Status group'),
  sort: z
    .enum(APPLICANT_SORTS)
    .default('newest')
    .describe('Order: newest first, or most posts on time first'),
  missed: z.enum(['any', 'none']).default('any').describe('"none": only creators who never missed a post'),
  cursor: z
    .string()
    .max(100)
    .regex(/^[0-9.:-]+$/, { error: 'The cursor is not valid.' })
    .optional()
    .describe('nextCursor of the previous page'),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'The limit must be between 1 and 100.' })
    .max(100, { error: 'The limit must be between 1 and 100.' })
    .default(APPLICANT_PAGE_SIZE),
});
export type ApplicantsQuery = z.output<typeof applicantsQuerySchema>;
