import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DELIVERY_PROBLEMS, type DeliveryProblem } from '../../shared/lifecycle/delivery-problems';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../shared/lifecycle/statuses';
import type { CarrierEvent, DeliveredBy } from '../../shared/tracking';
import { campaignIdRef } from './campaigns';
import { createdAndUpdated, foreignId, identityId, isOneOf, ts } from './columns';
import { creatorIdRef } from './creators';

/** One creator's application to one campaign and everything that follows it. */
export const applications = pgTable(
  'applications',
  {
    id: identityId(),
    campaignId: campaignIdRef('restrict'),
    creatorId: creatorIdRef('cascade'),
    status: text('status').$type<ApplicationStatus>().notNull().default('applied'),
    /** The creator's pitch when applying. */
    pitch: text('pitch'),
    /** The admin's message with the decision or the latest review. */
    adminMessage: text('admin_message'),
    decidedAt: ts('decided_at'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    deliveryConfirmedAt: ts('delivery_confirmed_at'),
    /** Who said the box arrived: the carrier (a tracking event) or a person (an admin or the creator). Issue 38. */
    deliveredBy: text('delivered_by').$type<DeliveredBy>(),
    /** The carrier's delivery time when a person had marked the box first (both are kept). */
    carrierDeliveredAt: ts('carrier_delivered_at'),
    /** The tracking service's tracker for the tracking number (null: not tracked). */
    trackerId: text('tracker_id'),
    /** The carrier's latest status (EasyPost's names) and the tracker's time of it (never moves backwards). */
    carrierStatus: text('carrier_status'),
    carrierStatusAt: ts('carrier_status_at'),
    /** The carrier's estimated delivery (ISO) and its scans, oldest first: the creator's timeline. */
    carrierEstDelivery: text('carrier_est_delivery'),
    carrierEvents: jsonb('carrier_events').$type<CarrierEvent[]>(),
    /** Registrations of the tracking number that did not reach the tracking service (issue 38's back-off). */
    trackingAttempts: integer('tracking_attempts').notNull().default(0),
    /** When the registration is tried again (null: registered, refused, tracking off, or given up). */
    trackingRetryAt: ts('tracking_retry_at'),
    deliveryProblem: text('delivery_problem').$type<DeliveryProblem>(),
    deliveryProblemNote: text('delivery_problem_note'),
    deliveryProblemAt: ts('delivery_problem_at'),
    approvedAt: ts('approved_at'),
    reminderSentAt: ts('reminder_sent_at'),
    ...createdAndUpdated(),
  },
  (t) => [
    uniqueIndex('applications_campaign_influencer_idx').on(t.campaignId, t.creatorId),
    index('applications_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    index('applications_campaign_status_idx').on(t.campaignId, t.status),
    // The review's applicants, newest first, paged by keyset (issue 28).
    index('applications_campaign_newest_idx').on(t.campaignId, t.createdAt.desc(), t.id.desc()),
    index('applications_tracker_idx').on(t.trackerId),
    // The registrations due again, read every minute by the tracking-events job (issue 38).
    index('applications_tracking_retry_idx')
      .on(t.trackingRetryAt)
      .where(sql`${t.trackingRetryAt} is not null`),
    check('applications_status_check', isOneOf(t.status, APPLICATION_STATUSES)),
    check(
      'applications_delivered_by_check',
      sql`${t.deliveredBy} is null or ${t.deliveredBy} in ('carrier','person')`,
    ),
    check(
      'applications_delivery_problem_check',
      sql`${t.deliveryProblem} is null or ${isOneOf(t.deliveryProblem, DELIVERY_PROBLEMS)}`,
    ),
  ],
);

/** A row's application: `application_id`, not null, a foreign key to applications (`onDelete` as for creatorIdRef). */
export const applicationIdRef = (onDelete: 'cascade' | 'restrict') =>
  foreignId('application_id', () => applications.id, onDelete);

/** Content a creator submitted for review (one row per submission; resubmissions add rows). */
export const submissions = pgTable(
  'submissions',
  {
    id: identityId(),
    applicationId: applicationIdRef('cascade'),
    urls: text('urls').array().notNull(),
    note: text('note'),
    status: text('status')
      .$type<'submitted' | 'approved' | 'changes_requested'>()
      .notNull()
      .default('submitted'),
    reviewMessage: text('review_message'),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('submissions_application_idx').on(t.applicationId, t.createdAt.desc()),
    // The metrics job's window of recent approvals (addMissingFetches, issue 28).
    index('submissions_approved_reviewed_idx').on(t.reviewedAt).where(sql`${t.status} = 'approved'`),
    check('submissions_status_check', sql`${t.status} in ('submitted','approved','changes_requested')`),
    check('submissions_urls_check', sql`cardinality(${t.urls}) between 1 and 10`),
  ],
);

/** A row's submission: `submission_id`, not null, a foreign key to submissions (gone with it). */
export const submissionIdRef = () => foreignId('submission_id', () => submissions.id, 'cascade');

/**
 * The review's sort and filter keys of each application (issue 28, decision 0029): its campaign, status and creation
 * time, and its creator's posts on time and missed (from `creator_reliability`). Written only by
 * `creator_reliability_refresh` in the transaction of every write the record follows (migration
 * 0038_applicant_keys), so a page of a campaign's applicants, newest or on time first, reads its rows from one index
 * in order instead of sorting the campaign's applicants joined with every creator's record.
 */
export const applicantKeys = pgTable(
  'applicant_keys',
  {
    applicationId: applicationIdRef('cascade').primaryKey(),
    campaignId: integer('campaign_id').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    createdAt: ts('created_at').notNull(),
    onTime: integer('on_time').notNull(),
    missed: integer('missed').notNull(),
  },
  (t) => [
    // Both orders ascend in every column, so a keyset row comparison bounds the index scan: on time first is
    // (-on_time, missed, -id) ascending; newest is (created_at, id) read backwards.
    index('applicant_keys_on_time_idx').on(
      t.campaignId,
      sql`(-${t.onTime})`,
      t.missed,
      sql`(-${t.applicationId})`,
    ),
    index('applicant_keys_newest_idx').on(t.campaignId, t.createdAt, t.applicationId),
  ],
);

/**
 * How many applicants each campaign has per status, split by whether their creator never missed a post (`clean`,
 * the review's "Missed none"): the group counts of the applicants page. Kept by statement triggers on
 * `applicant_keys` (signed deltas, sharded by the writing connection as `transaction_counts`, decision 0030); a
 * count is the sum over its shards.
 */
export const applicantCounts = pgTable(
  'applicant_counts',
  {
    campaignId: integer('campaign_id').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    clean: boolean('clean').notNull(),
    shard: smallint('shard').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.status, t.clean, t.shard] })],
);

export type ApplicationRow = typeof applications.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
