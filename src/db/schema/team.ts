import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdminRole } from '../../shared/admin-permissions';
import { userRefOrNull } from './auth';
import { campaignIdRef } from './campaigns';
import { identityId, ts } from './columns';

/** Issue 39: the team's invitations and the brands' report links. Tokens are kept as SHA-256 hashes only. */

/** An Owner's invitation to join the team with a role: one-time, 7 days, the link's token hashed at rest. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: identityId(),
    email: text('email').notNull(),
    role: text('role').$type<AdminRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: userRefOrNull('invited_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('team_invitations_token_idx').on(t.tokenHash),
    // One open invitation per address at a time.
    uniqueIndex('team_invitations_open_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/** A campaign's read-only report for its brand: an unguessable link (hashed), expiring, revocable, maybe a password. */
export const reportLinks = pgTable(
  'report_links',
  {
    id: identityId(),
    campaignId: campaignIdRef('cascade'),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The optional password's hash (the app's password hashing); null: none. */
    passwordHash: text('password_hash'),
    shareSpend: boolean('share_spend').notNull().default(false),
    createdBy: userRefOrNull('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: ts('last_viewed_at'),
  },
  (t) => [
    uniqueIndex('report_links_token_idx').on(t.tokenHash),
    index('report_links_campaign_idx').on(t.campaignId, t.createdAt.desc()),
  ],
);
