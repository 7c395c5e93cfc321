import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/auth';
import type { CreatorRow } from '../../db/schema/creators';
import type { AuthKeys } from '../auth/auth-context';
import { AppError } from '../http/errors';
import { consumeProofCode, sendVerificationCode } from './email-verification';
import { checkAccountPassword } from './password-attempts';
import { checkTotpCode, hasTwoFactor } from './second-factor';
import { type AtInstant, atInstant, type ServiceContext } from './service-context';

/** What a proof is checked with besides the service context: Better Auth's keys and the app's secret (codes). */
export interface ProofKeys {
  auth: AuthKeys;
  secret: string;
}

/** What the proof protects (the PayPal email money goes to, or the verified email that receives codes). */
export type ProofSubject = 'paypal' | 'email';

const SUBJECT_NAMES: Record<ProofSubject, string> = { paypal: 'PayPal email', email: 'email address' };

/** The account's password hash, or null for accounts that sign in only with a provider. */
async function passwordHashOf(db: Database, userId: string): Promise<string | null> {
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return credential?.password ?? null;
}

export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  return (await passwordHashOf(db, userId)) !== null;
}

/**
 * Issue 9 proof rule: the PayPal email, and the verified email of an account that finished onboarding, change only
 * with proof that the account's owner is there, not just a session: the account password, or (for accounts without
 * one) a code sent to the current verified email. Throws 403 with what to do; 429 while the account's password
 * budget waits (the same budget as sign-in, services/password-attempts), so a stolen session cannot guess it.
 * Issue 22: an account with an authenticator app proves with a code from it (`totpCode`) instead, never the
 * password (which a phished owner may have given away); wrong codes spend the account's code budget.
 */
export async function requireIdentityProof(
  services: ServiceContext | AtInstant,
  keys: ProofKeys,
  {
    user,
    creator,
    subject,
    currentPassword,
    code,
    totpCode,
  }: {
    user: { id: string; email: string };
    creator: CreatorRow;
    subject: ProofSubject;
    currentPassword?: string | undefined;
    code?: string | undefined;
    /** A 6-digit code from the account's authenticator app (accounts with two-factor on). */
    totpCode?: string | undefined;
  },
): Promise<void> {
  const ctx = atInstant(services);
  const what = SUBJECT_NAMES[subject];
  if (await hasTwoFactor(ctx.db, user.id)) {
    if (!totpCode) {
      throw new AppError(
        'FORBIDDEN',
        `To change your ${what}, confirm with a code from your authenticator app.`,
      );
    }
    if (!(await checkTotpCode(ctx, keys.auth, user.id, totpCode))) {
      throw new AppError('FORBIDDEN', 'The code is not correct.');
    }
    return;
  }
  const hash = await passwordHashOf(ctx.db, user.id);
  if (hash) {
    if (!currentPassword) {
      throw new AppError('FORBIDDEN', `To change your ${what}, confirm with your account password.`);
    }
    if (!(await checkAccountPassword({ ...ctx, auth: keys.auth }, user, currentPassword, ctx.now))) {
      throw new AppError('FORBIDDEN', 'The password is not correct.');
    }
    return;
  }
  if (!code) {
    throw new AppError(
      'FORBIDDEN',
      `To change your ${what}, confirm with a code sent to your email ${creator.email}.`,
    );
  }
  await consumeProofCode(ctx, keys.secret, { creator, code });
}

/**
 * Sends a proof code to the creator's verified email (POST /api/me/paypal-code): only for an account without a
 * password (an account with one proves with it).
 */
export async function sendProofCode(
  services: ServiceContext,
  secret: string,
  { creator, userId, clientIp }: { creator: CreatorRow; userId: string; clientIp: string },
): Promise<{ expiresAt: Date }> {
  if (await hasPassword(services.db, userId)) {
    throw new AppError('BAD_REQUEST', 'Your account has a password: confirm the change with it.');
  }
  return sendVerificationCode(services, secret, {
    creator,
    email: creator.email,
    clientIp,
    purpose: 'proof',
  });
}
