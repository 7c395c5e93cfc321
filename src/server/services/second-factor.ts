import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { sessions, twoFactors, users } from '../../db/schema/auth';
import type { AuthKeys } from '../auth/auth-context';
import { AppError } from '../http/errors';
import { claimPasswordAttempt, forgivePasswordAttempts } from './password-attempts';
import { type AtInstant, atInstant, type ServiceContext } from './service-context';

/**
 * Second factors (issue 22): Better Auth's two-factor plugin keeps the TOTP secret and the backup codes (encrypted
 * with AUTH_SECRET); this module holds our rules around it. Every code check, wherever it happens (the sign-in
 * challenge, the step-up, the PayPal-change proof, the enrolment), spends the account's code budget: the same
 * back-off as passwords (services/password-attempts: 5 wrong in a row, then 1 minute, doubling up to 15), but a
 * budget of its own, so a right password never forgives wrong codes.
 */

/** Better Auth's endpoints that check a second-factor code (their sessions start with a fresh second factor). */
export const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

/** A money action or an export of personal data needs a second factor checked this recently. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

export const STEP_UP_REQUIRED_MESSAGE = 'Please confirm with a code from your authenticator app first.';

/** The code budget's key in password_attempts. */
export function secondFactorSubject(userId: string): string {
  return `second-factor:${userId}`;
}

export function tooManyCodesMessage(retryAfter: number): string {
  const wait = retryAfter <= 60 ? 'a minute' : `${Math.ceil(retryAfter / 60)} minutes`;
  return `Too many wrong codes. Please wait ${wait} and try again.`;
}

/** Counts a code check against the account's budget before the code is looked at: 429 while the account waits. */
export async function claimCodeAttempt(db: DatabaseOrTransaction, userId: string, now: Date): Promise<void> {
  const claim = await claimPasswordAttempt(db, secondFactorSubject(userId), now);
  if (!claim.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', tooManyCodesMessage(claim.retryAfter), {
      'Retry-After': String(claim.retryAfter),
    });
  }
}

/** A right code: the wrong ones before it no longer count. */
export function forgiveCodeAttempts(db: DatabaseOrTransaction, userId: string): Promise<void> {
  return forgivePasswordAttempts(db, secondFactorSubject(userId));
}

/** Whether the account has a verified authenticator (Better Auth's users.two_factor_enabled). */
export async function hasTwoFactor(db: DatabaseOrTransaction, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.enabled === true;
}

/** Imported secrets are stored as `base32:<secret>` by the plugin; the ones it generates are used as they are. */
const BASE32_PREFIX = 'base32:';

/**
 * Checks a 6-digit authenticator code against the account's enrolled secret, decrypted with Better Auth's own
 * key and checked the way the plugin checks it (RFC 6238, 30 s steps, one step either side), against the code
 * budget: 429 while it waits; true when right (the budget is forgiven), false when wrong or not enrolled.
 */
export async function checkTotpCode(
  services: ServiceContext | AtInstant,
  auth: AuthKeys,
  userId: string,
  code: string,
): Promise<boolean> {
  const { db, now } = atInstant(services);
  await claimCodeAttempt(db, userId, now);
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(
      and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), eq(users.twoFactorEnabled, true)),
    )
    .limit(1);
  let right = false;
  if (row && /^\d{6}$/.test(code)) {
    const context = await auth.$context;
    const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
    if (secret.startsWith(BASE32_PREFIX)) {
      // Not made by this app (it never imports secrets): refuse rather than guess at the encoding.
      right = false;
    } else {
      right = await createOTP(secret, { digits: 6, period: 30 }).verify(code);
    }
  }
  if (right) await forgiveCodeAttempts(db, userId);
  return right;
}

/**
 * Records that a second factor was checked in this session just now (the step-up window starts); answers until
 * when the window lasts.
 */
export async function markSecondFactor(ctx: AtInstant, sessionId: string): Promise<{ validUntil: Date }> {
  await ctx.db.update(sessions).set({ secondFactorAt: ctx.now }).where(eq(sessions.id, sessionId));
  return { validUntil: new Date(ctx.now.getTime() + STEP_UP_WINDOW_MS) };
}

/** Whether a second factor checked at `at` still covers a money action or an export at `now`. */
export function isRecentSecondFactor(at: Date | null | undefined, now: Date): boolean {
  return Boolean(at) && now.getTime() - at!.getTime() <= STEP_UP_WINDOW_MS;
}
