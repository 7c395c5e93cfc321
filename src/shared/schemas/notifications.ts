import { z } from 'zod';
import { pageLimitParam } from '../page-cursor';
import { optionalIdQueryParam } from './id-param';

/** Issue 13: the in-app notification centre (bell, list, mark read) for creators and admins. */
export const NOTIFICATION_KINDS = [
  // A creator's own applications, content, problems, address, payouts and account.
  'application_accepted',
  'application_rejected',
  // Issue 37: the chosen option sold out, the team asks for another.
  'choice_requested',
  'box_shipped',
  'box_delivered',
  // Issue 38: the carrier says the box waits at a pickup point, or it is coming back / failed.
  'box_pickup_ready',
  'box_carrier_problem',
  'changes_requested',
  'content_approved',
  'deadline_missed',
  'problem_reply',
  'problem_reshipped',
  'problem_resolved',
  'shipping_address_changed',
  'payout_paid',
  'payout_failed',
  'payout_returned',
  'account_suspended',
  'account_restored',
  'handle_removed',
  // A message from the campaign team in a conversation (one unread per conversation).
  'conversation_message',
  // What every active admin is told.
  'new_application',
  'content_submitted',
  'content_resubmitted',
  'new_delivery_problem',
  'payout_requested',
  'payout_needs_attention',
  'store_order_cancelled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 50;
/** How often an open app asks for the unread count (and again whenever its window gets the focus). */
export const NOTIFICATION_POLL_MS = 60_000;

export const notificationListQuerySchema = z.object({
  limit: pageLimitParam(NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE_MAX),
  /** The `nextCursor` of the previous page: items older than it. */
  cursor: optionalIdQueryParam('cursor is not valid'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

const markIds = z.object({
  ids: z
    .array(
      z
        .number({ error: 'ids must be notification ids' })
        .int({ error: 'ids must be notification ids' })
        .positive({ error: 'ids must be notification ids' })
        .max(2_147_483_647, { error: 'ids must be notification ids' }),
      { error: 'ids must be a list of notification ids' },
    )
    .min(1, { error: 'ids: give at least one notification id' })
    .max(100, { error: 'ids: at most 100 at a time' }),
});
const markAll = z.object({ all: z.literal(true, { error: 'all must be true' }) });

/** Body of POST /api/notifications/read: some of the caller's notifications, or all of them. */
export const markReadSchema = z.union([markIds.strict(), markAll.strict()], {
  error: 'Send { ids: [...] } or { all: true }',
});
export type MarkReadInput = z.infer<typeof markReadSchema>;

export const markReadResultSchema = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
