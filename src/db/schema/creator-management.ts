import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { MODERATION_ACTIONS, type ModerationAction } from '../../shared/moderation';
import { userRefOrNull } from './auth';
import { identityId, isOneOf, ts } from './columns';
import { creatorIdRef } from './creators';

/** Private notes admins keep on a creator (never shown to the creator). */
export const creatorNotes = pgTable(
  'creator_notes',
  {
    id: identityId(),
    creatorId: creatorIdRef('cascade'),
    body: text('body').notNull(),
    authorUserId: userRefOrNull('author_user_id'),
    /** The author as shown ("Name <email>"), kept even when the admin account is gone. */
    authorName: text('author_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('creator_notes_influencer_idx').on(t.creatorId, t.createdAt.desc())],
);

/** The audit log of suspensions, bans and lifts: what, why, who and when. */
export const creatorModerationEvents = pgTable(
  'creator_moderation_events',
  {
    id: identityId(),
    creatorId: creatorIdRef('cascade'),
    action: text('action').$type<ModerationAction>().notNull(),
    reason: text('reason').notNull(),
    actorUserId: userRefOrNull('actor_user_id'),
    actorName: text('actor_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('creator_moderation_events_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    check('creator_moderation_events_action_check', isOneOf(t.action, MODERATION_ACTIONS)),
  ],
);

/**
 * A follower count a creator changed after onboarding (issue 13): the old and the new value, for admins, and for the
 * flag on the applicant card when a count moved more than 50% since the creator's last review.
 */
export const followerChanges = pgTable(
  'follower_changes',
  {
    id: identityId(),
    creatorId: creatorIdRef('cascade'),
    platform: text('platform').notNull(),
    oldFollowers: integer('old_followers'),
    newFollowers: integer('new_followers'),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [index('follower_changes_influencer_idx').on(t.creatorId, t.changedAt)],
);

/**
 * Issue 27: a creator's reliability record, one row per creator, kept by triggers in the transaction of every write
 * that changes it (applications, submissions, delivery problems, a campaign's deadline; decision 0029). Every
 * figure is a count from the records, so each one is shown with the counts behind it; no score.
 */
export const creatorReliability = pgTable('creator_reliability', {
  creatorId: creatorIdRef('cascade').primaryKey(),
  /** Every application the creator made, and those an admin accepted (whatever happened next). */
  applications: integer('applications').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  /** First content sent by the day it was due (the campaign's upload deadline, or 7 days after a late box). */
  onTime: integer('on_time').notNull().default(0),
  /** First content sent after that day (the creator's own deadline had been extended). */
  late: integer('late').notNull().default(0),
  /** Accepted, and no content by the creator's own deadline. */
  missed: integer('missed').notNull().default(0),
  /** First submissions an admin reviewed, and those approved without changes. */
  firstReviewed: integer('first_reviewed').notNull().default(0),
  firstApproved: integer('first_approved').notNull().default(0),
  /** PR boxes shipped to the creator, and delivery problems they reported. */
  boxesShipped: integer('boxes_shipped').notNull().default(0),
  problemsReported: integer('problems_reported').notNull().default(0),
  /** Posts that followed a delivery, and the seconds from delivery to each first post, summed. */
  deliveryToPostCount: integer('delivery_to_post_count').notNull().default(0),
  deliveryToPostSeconds: bigint('delivery_to_post_seconds', { mode: 'number' }).notNull().default(0),
});

export type CreatorReliabilityRow = typeof creatorReliability.$inferSelect;
