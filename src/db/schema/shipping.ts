import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { DELIVERY_PROBLEMS, type DeliveryProblem } from '../../shared/lifecycle/delivery-problems';
import { PROBLEM_STATUSES } from '../../shared/schemas/delivery-problems';
import { applicationIdRef } from './applications';
import { userRefOrNull } from './auth';
import { identityId, isOneOf, ts, usShippingAddress } from './columns';

/**
 * Issue 13: an admin's override of where one application's PR box goes (the creator's profile address otherwise).
 * Admin-only, like the profile address itself.
 */
export const applicationShippingAddresses = pgTable('application_shipping_addresses', {
  applicationId: applicationIdRef('cascade').primaryKey(),
  ...usShippingAddress(),
  phone: text('phone').notNull(),
  reason: text('reason'),
  setByUserId: userRefOrNull('set_by_user_id'),
  setByName: text('set_by_name').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Issue 13: a delivery problem a creator reported (not received, damaged, wrong item), from opening to resolution,
 * with the admin's latest reply. Its open time extends the creator's upload deadline (src/shared/posting-clock.ts).
 */
export const deliveryProblems = pgTable(
  'delivery_problems',
  {
    id: identityId(),
    applicationId: applicationIdRef('cascade'),
    kind: text('kind').$type<DeliveryProblem>().notNull(),
    note: text('note'),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    repliedByName: text('replied_by_name'),
    reshippedAt: ts('reshipped_at'),
    resolution: text('resolution'),
    resolvedAt: ts('resolved_at'),
    resolvedByName: text('resolved_by_name'),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [
    index('delivery_problems_application_idx').on(t.applicationId, t.openedAt),
    index('delivery_problems_open_idx').on(t.openedAt, t.id).where(sql`${t.status} = 'open'`),
    index('delivery_problems_resolved_idx')
      .on(t.resolvedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'resolved'`),
    check('delivery_problems_status_check', isOneOf(t.status, PROBLEM_STATUSES)),
    check('delivery_problems_kind_check', isOneOf(t.kind, DELIVERY_PROBLEMS)),
  ],
);

export type DeliveryProblemRow = typeof deliveryProblems.$inferSelect;

/**
 * Issue 38: each tracking webhook Event, kept once by its id as it arrives (a repeat is a no-op), then applied by the
 * tracking-events job (applied_at set in the same transaction as the change it made).
 */
export const trackingWebhookEvents = pgTable(
  'tracking_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    trackerId: text('tracker_id').notNull(),
    tracker: jsonb('tracker').notNull(),
    receivedAt: ts('received_at').notNull(),
    appliedAt: ts('applied_at'),
  },
  (t) => [index('tracking_webhook_events_pending_idx').on(t.receivedAt).where(sql`${t.appliedAt} is null`)],
);
