import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/auth';
import type { InfluencerRow } from '../../db/schema/influencers';
import type { Auth } from '../auth';
import { AppError } from '../errors';
import { consumeProofCode } from './email-verification';
import { hitRateLimit } from './rate-limiter';

/** What the proof protects (the PayPal email money goes to, or the verified email that receives codes). */
export type ProofSubject = 'paypal' | 'email';

const SUBJECT_NAMES: Record<ProofSubject, string> = { paypal: 'PayPal email', email: 'email address' };

/** Password tries per account and hour before 429 (a stolen session must not be able to guess the password). */
export const PASSWORD_PROOF_TRIES_PER_HOUR = 10;

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
 * one) a code sent to the current verified email. Throws 403 with what to do; 429 after too many password tries.
 */
export async function requireIdentityProof(
  deps: { db: Database; auth: Auth; secret: string; now: Date },
  {
    userId,
    influencer,
    subject,
    currentPassword,
    code,
  }: {
    userId: string;
    influencer: InfluencerRow;
    subject: ProofSubject;
    currentPassword?: string | undefined;
    code?: string | undefined;
  },
): Promise<void> {
  const what = SUBJECT_NAMES[subject];
  const hash = await passwordHashOf(deps.db, userId);
  if (hash) {
    if (!currentPassword) {
      throw new AppError('FORBIDDEN', `To change your ${what}, confirm with your account password.`);
    }
    await hitRateLimit(
      deps.db,
      `proof-password|${userId}`,
      { window: 3600, max: PASSWORD_PROOF_TRIES_PER_HOUR },
      'Too many password attempts. Please try again in an hour.',
      deps.now.getTime(),
    );
    const context = await deps.auth.$context;
    if (!(await context.password.verify({ hash, password: currentPassword }))) {
      throw new AppError('FORBIDDEN', 'The password is not correct.');
    }
    return;
  }
  if (!code) {
    throw new AppError(
      'FORBIDDEN',
      `To change your ${what}, confirm with a code sent to your email ${influencer.email}.`,
    );
  }
  await consumeProofCode({ db: deps.db, secret: deps.secret, now: deps.now }, { influencer, code });
}
