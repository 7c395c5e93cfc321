import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { AdminRole } from '../../shared/admin-permissions';
import type { UserRole } from '../../shared/schemas/session';
import { createdAndUpdated, ts } from './columns';

/** Tables of Better Auth (users, sessions, linked provider accounts, verification values, rate-limit counters). */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').$type<UserRole>().notNull().default('influencer'),
  /** An admin's role in the team (issue 39: owner, manager, finance, viewer); null for creators. */
  adminRole: text('admin_role').$type<AdminRole>(),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: ts('ban_expires'),
  username: text('username').unique(),
  displayUsername: text('display_username'),
  /** Better Auth's two-factor plugin: true once a TOTP authenticator is enrolled and verified. */
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  ...createdAndUpdated(),
});

/** A row's sign-in account: `user_id`, not null, a foreign key to users (gone with the account). */
export const userIdRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A column naming a sign-in account that may go: null once the account is deleted (the row itself stays). */
export const userRefOrNull = (name: string) =>
  text(name).references(() => users.id, { onDelete: 'set null' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userIdRef(),
    impersonatedBy: text('impersonated_by'),
    /** When the session last answered a request (admin sessions end after 30 minutes idle). */
    lastActiveAt: ts('last_active_at'),
    /** When a second factor was last checked in this session (money actions need one in the last 10 minutes). */
    secondFactorAt: ts('second_factor_at'),
    ...createdAndUpdated(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userIdRef(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...createdAndUpdated(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    index('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    ...createdAndUpdated(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Better Auth's two-factor plugin: the TOTP secret and backup codes of a user (both stored encrypted by it). */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: userIdRef(),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('two_factors_user_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

export type UserRow = typeof users.$inferSelect;
