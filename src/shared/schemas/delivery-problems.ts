import { z } from 'zod';
import { DELIVERY_PROBLEMS } from '../lifecycle/delivery-problems';
import { APPLICATION_STATUSES } from '../lifecycle/statuses';
import { pageLimitParam, problemCursorParam } from '../page-cursor';
import { shipmentSchema } from './application';
import { filledText } from './text-field';

/** Issue 13: delivery problems, from the creator's report to the admin's reply, re-shipment or resolution. */
export const PROBLEM_STATUSES = ['open', 'resolved'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

const requiredMessage = filledText({
  missing: 'message: write a message to the creator',
  max: 2000,
  tooLong: 'message must be at most 2000 characters',
});
const optionalMessage = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
  z.string().max(2000, { error: 'message must be at most 2000 characters' }).optional(),
);

export const problemReplySchema = z.object({ message: requiredMessage });
export const problemResolveSchema = z.object({ message: optionalMessage });
export const problemReshipSchema = shipmentSchema.extend({ message: optionalMessage });
export type ProblemReshipInput = z.input<typeof problemReshipSchema>;

/** Problems per page of the admins' list (issue 28: "Show more problems" reads the next by its cursor). */
export const PROBLEM_PAGE_SIZE = 50;

export const problemListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum([...PROBLEM_STATUSES, 'all'], { error: 'status must be open, resolved or all' }).default('open'),
  ),
  limit: pageLimitParam(PROBLEM_PAGE_SIZE),
  cursor: problemCursorParam,
});
export type ProblemListQuery = z.output<typeof problemListQuerySchema>;

/** A problem in the admin's queue. */
export const adminProblemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DELIVERY_PROBLEMS),
  note: z.string().nullable(),
  status: z.enum(PROBLEM_STATUSES),
  openedAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedBy: z.string().nullable(),
  reshippedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  application: z.object({
    id: z.number().int(),
    status: z.enum(APPLICATION_STATUSES),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
  }),
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  creator: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type AdminProblem = z.infer<typeof adminProblemSchema>;

export const adminProblemListSchema = z.object({
  /** One page (`limit`, PROBLEM_PAGE_SIZE by default): open ones oldest first, resolved ones newest first. */
  items: z.array(adminProblemSchema),
  /** The cursor of the next page with the same status; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Open problems in all (the sidebar badge). */
  openCount: z.number().int(),
});
export type AdminProblemList = z.infer<typeof adminProblemListSchema>;

/** A problem as the creator who reported it sees it (with the brand's reply). */
export const myProblemSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  kind: z.enum(DELIVERY_PROBLEMS),
  status: z.enum(PROBLEM_STATUSES),
  openedAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  reshippedAt: z.string().nullable(),
});
export type MyProblem = z.infer<typeof myProblemSchema>;

/** GET /api/me/delivery-problems. */
export const myProblemListSchema = z.object({ items: z.array(myProblemSchema) });
