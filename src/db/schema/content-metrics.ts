import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { METRIC_SOURCES, type MetricSource } from '../../shared/content-metrics';
import { submissionIdRef } from './applications';
import { userRefOrNull } from './auth';
import { identityId, isOneOf, ts } from './columns';
import { creatorIdRef } from './creators';
import { uploads } from './uploads';

const count = (name: string) => bigint(name, { mode: 'number' });

/** The six figures of a post (METRIC_FIELDS, in their order), each null where the platform does not offer it. */
const metricCounts = () => ({
  views: count('views'),
  likes: count('likes'),
  comments: count('comments'),
  shares: count('shares'),
  saves: count('saves'),
  reach: count('reach'),
});

/** The post a row is about: one of its submission's URLs (`post_url`, as submitted), gone with the submission. */
const submissionPost = () => ({
  submissionId: submissionIdRef(),
  postUrl: text('post_url').notNull(),
});

/**
 * What one post (a URL of a submission) showed at one moment, and who says so: `api` (read from the platform),
 * `admin` (entered or corrected by an admin) or `creator` (reported with a screenshot, counted once an admin
 * confirms it). A figure the platform does not offer stays null. Snapshots are only ever added, so a failed
 * fetch never loses the last good one.
 */
export const contentMetricSnapshots = pgTable(
  'content_metric_snapshots',
  {
    id: identityId(),
    ...submissionPost(),
    source: text('source').$type<MetricSource>().notNull(),
    ...metricCounts(),
    measuredAt: ts('measured_at').notNull(),
    /** The creator's screenshot (an /uploads/ path) backing a `creator` report. */
    screenshotUrl: text('screenshot_url'),
    /** The admin who entered an `admin` snapshot. */
    enteredBy: userRefOrNull('entered_by'),
    confirmedBy: userRefOrNull('confirmed_by'),
    confirmedAt: ts('confirmed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_metric_snapshots_post_idx').on(t.submissionId, t.postUrl, t.measuredAt.desc()),
    // A post's counted snapshot (API first, then the latest) is the first entry of this index at or before a
    // moment: one probe per post instead of reading and sorting all its snapshots (decision 0017).
    index('content_metric_snapshots_counted_idx')
      .on(t.submissionId, t.postUrl, sql`(${t.source} = 'api') desc`, t.measuredAt.desc(), t.id.desc())
      .where(sql`${t.source} <> 'creator' or ${t.confirmedAt} is not null`),
    // A post's creator reports still waiting for an admin (few at any time): one probe per post of a list.
    index('content_metric_snapshots_pending_idx')
      .on(t.submissionId, t.postUrl, t.measuredAt.desc(), t.id.desc())
      .where(sql`${t.source} = 'creator' and ${t.confirmedAt} is null`),
    check('content_metric_snapshots_source_check', isOneOf(t.source, METRIC_SOURCES)),
    check(
      'content_metric_snapshots_counts_check',
      sql`coalesce(${t.views}, 0) >= 0 and coalesce(${t.likes}, 0) >= 0 and coalesce(${t.comments}, 0) >= 0 and coalesce(${t.shares}, 0) >= 0 and coalesce(${t.saves}, 0) >= 0 and coalesce(${t.reach}, 0) >= 0`,
    ),
    check(
      'content_metric_snapshots_screenshot_check',
      sql`${t.source} <> 'creator' or ${t.screenshotUrl} is not null`,
    ),
  ],
);

/**
 * One row per post (a URL of a submission, whatever the submission's status), kept by triggers in the transaction of
 * every write to snapshots, submissions, applications and campaigns (migration 0035): who and where the post is, the
 * submission's status and time, and its counted snapshot over all time (API snapshots first, then the latest; a
 * creator report only once confirmed), or nulls while it has none. The analytics read "now" from here, and "as of"
 * a moment from here too, probing the snapshots only for posts measured after that moment (decision 0014, 0030).
 */
export const contentPostFigures = pgTable(
  'content_post_figures',
  {
    ...submissionPost(),
    campaignId: integer('campaign_id').notNull(),
    creatorId: integer('influencer_id').notNull(),
    platform: text('platform').notNull(),
    /** The submission's status (only `submitted` and `approved` posts are shown and counted). */
    status: text('status').notNull(),
    /** The submission's created_at. */
    submittedAt: ts('submitted_at').notNull(),
    snapshotId: integer('snapshot_id'),
    source: text('source').$type<MetricSource>(),
    ...metricCounts(),
    measuredAt: ts('measured_at'),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.postUrl] }),
    index('content_post_figures_campaign_idx')
      .on(t.campaignId)
      .where(sql`${t.status} in ('submitted','approved')`),
    // A campaign tab's posts in the page's order (views desc nulls last, interactions desc, submission desc, URL):
    // "Show more posts" reads a page from here (issue 28, migration 0039).
    index('content_post_figures_campaign_posts_idx')
      .on(
        t.campaignId,
        t.platform,
        sql`${t.views} desc nulls last`,
        sql`(coalesce(${t.likes}, 0) + coalesce(${t.comments}, 0) + coalesce(${t.shares}, 0) + coalesce(${t.saves}, 0)) desc`,
        sql`${t.submissionId} desc`,
        t.postUrl,
      )
      .where(sql`${t.status} in ('submitted','approved')`),
    // A campaign's posts measured after a moment (the few a page looks up in the snapshots).
    index('content_post_figures_campaign_measured_idx')
      .on(t.campaignId, t.measuredAt)
      .where(sql`${t.status} in ('submitted','approved')`),
    index('content_post_figures_influencer_idx').on(t.creatorId, t.snapshotId),
    index('content_post_figures_submitted_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} in ('submitted','approved')`),
  ],
);

export type ContentPostFiguresRow = typeof contentPostFigures.$inferSelect;

/**
 * When the refresh job next reads a post from its platform's API, and how the last tries went. A row exists for
 * every approved post of a platform with an adapter; the job adds the missing ones.
 */
export const contentMetricFetches = pgTable(
  'content_metric_fetches',
  {
    ...submissionPost(),
    platform: text('platform').notNull(),
    /** When the post was approved: the schedule (hourly for 2 days, then daily for 30) counts from here. */
    approvedAt: ts('approved_at').notNull(),
    nextFetchAt: ts('next_fetch_at').notNull(),
    /** Failures in a row (reset by a success); the back-off doubles with each. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastFetchedAt: ts('last_fetched_at'),
    /** Set when the schedule is over or the post is gone: the job no longer reads it. */
    doneAt: ts('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.postUrl] }),
    index('content_metric_fetches_due_idx').on(t.nextFetchAt).where(sql`${t.doneAt} is null`),
  ],
);

/** One age bracket of a connected Instagram account's followers (follower_demographics, breakdown=age). */
export interface AgeBracket {
  age: string;
  followers: number;
}

/**
 * A creator's Instagram professional account, connected from /profile (Instagram API with Instagram Login). The
 * long-lived token (60 days, refreshed by the job before it ends) is stored encrypted: `token_ciphertext` is
 * AES-256-GCM with a key derived from AUTH_SECRET (`src/server/auth/secret-box.ts`), never the token itself.
 */
export const instagramConnections = pgTable(
  'instagram_connections',
  {
    creatorId: creatorIdRef('cascade').primaryKey(),
    /** The professional account's id (`user_id` of /me): the id insights are read under. */
    igUserId: text('ig_user_id').notNull(),
    /**
     * The app-scoped id (`id` of /me), the one Meta's Deauthorize and Data Deletion callbacks name (issue 42); null for
     * a connection made before it was kept (those callbacks match `ig_user_id` too).
     */
    igScopedId: text('ig_scoped_id'),
    username: text('username').notNull(),
    tokenCiphertext: text('token_ciphertext').notNull(),
    tokenExpiresAt: ts('token_expires_at').notNull(),
    /** The followers' ages as Instagram last reported them (null until read, or when the account has too few). */
    ageDemographics: jsonb('age_demographics').$type<AgeBracket[]>(),
    demographicsAt: ts('demographics_at'),
    connectedAt: ts('connected_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('instagram_connections_ig_user_idx').on(t.igUserId),
    index('instagram_connections_scoped_idx').on(t.igScopedId),
  ],
);

export type InstagramConnectionRow = typeof instagramConnections.$inferSelect;
export type ContentMetricSnapshotRow = typeof contentMetricSnapshots.$inferSelect;
export type ContentMetricFetchRow = typeof contentMetricFetches.$inferSelect;

/**
 * Meta's Deauthorize and Data Deletion callbacks (issue 23): one row per request Instagram sent about an Instagram
 * user, with the confirmation code we answered and what we removed. The status page `/data-deletion/<code>` reads it,
 * so a person can see that the deletion happened. It names no creator and keeps no token or insight.
 */
export const platformDataDeletions = pgTable(
  'platform_data_deletions',
  {
    /** The confirmation code given to Meta (random, unguessable): the status page's address. */
    confirmationCode: text('confirmation_code').primaryKey(),
    platform: text('platform').$type<'instagram'>().notNull(),
    /** `deauthorize` (the person removed the app) or `data_deletion` (they asked for their data to be deleted). */
    kind: text('kind').$type<'deauthorize' | 'data_deletion'>().notNull(),
    /** The app-scoped user id of the signed request. */
    platformUserId: text('platform_user_id').notNull(),
    /** What was removed: how many connections and API snapshots. */
    removed: jsonb('removed').$type<{ connections: number; snapshots: number }>().notNull(),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    /**
     * SHA-256 of the signed_request (issue 42): the same request posted again is answered with this row's code and
     * runs nothing. Null for requests recorded before it was kept.
     */
    requestDigest: text('request_digest'),
  },
  (t) => [
    index('platform_data_deletions_user_idx').on(t.platform, t.platformUserId),
    uniqueIndex('platform_data_deletions_request_idx').on(t.requestDigest),
    check('platform_data_deletions_kind_check', sql`${t.kind} in ('deauthorize','data_deletion')`),
    check('platform_data_deletions_platform_check', sql`${t.platform} in ('instagram')`),
  ],
);

export type PlatformDataDeletionRow = typeof platformDataDeletions.$inferSelect;

/**
 * What a post's platform says the post looks like (issue 24: admins see the content itself): its caption and a copy
 * of its thumbnail, read by the metrics job through the creator's connected account or the platform's API. The
 * thumbnail is copied into our uploads (private: the creator and admins) because platform image links expire and
 * pages never load images from other origins. One row per post; replaced when read again.
 */
export const contentPostPreviews = pgTable(
  'content_post_previews',
  {
    ...submissionPost(),
    platform: text('platform').notNull(),
    /** The caption, title or description as the platform gives it (plain text; never rendered as HTML). */
    caption: text('caption'),
    /** The stored copy of the thumbnail (uploads.name), or null when the platform gave none or it could not be read. */
    thumbnailUpload: text('thumbnail_upload').references(() => uploads.name, { onDelete: 'set null' }),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.postUrl] })],
);
