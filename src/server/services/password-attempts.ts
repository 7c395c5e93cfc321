import { isAPIError } from 'better-auth/api';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { accounts, users } from '../../db/schema/auth';
import { passwordAttempts } from '../../db/schema/security';
import type { AuthKeys } from '../auth/auth-context';
import { AppError } from '../http/errors';
import { repeatedSignInFailuresMail } from '../mail/templates';
import type { ServiceContext } from './service-context';

/**
 * One password budget per account, shared by every place a password is checked (Better Auth's email sign-in, the
 * admin sign-in, the PayPal-change proof, the password change). Five wrong passwords in a row, then a wait of one
 * minute, doubling at each further failure up to 15 minutes: slow for a guesser, short for the owner, who can also
 * reset the password at once (which clears the count). The owner gets a mail when the waits start.
 */
export const FAILURES_BEFORE_WAIT = 5;
export const FIRST_WAIT_SECONDS = 60;
export const LONGEST_WAIT_SECONDS = 15 * 60;
/** A day without a failure wipes the slate. */
const FAILURE_MEMORY_MS = 24 * 3_600_000;

/** The budget's key: the account's lowercase email, or the admin name as typed (accounts or not, answers match). */
export function passwordSubject(identifier: string): string {
  return `account:${identifier.trim().toLowerCase()}`;
}

/** Seconds to wait after `failures` wrong passwords in a row. */
export function waitAfter(failures: number): number {
  if (failures < FAILURES_BEFORE_WAIT) return 0;
  return Math.min(
    FIRST_WAIT_SECONDS * 2 ** Math.min(failures - FAILURES_BEFORE_WAIT, 10),
    LONGEST_WAIT_SECONDS,
  );
}

export function tooManyAttemptsMessage(retryAfter: number): string {
  const wait = retryAfter <= 60 ? 'a minute' : `${Math.ceil(retryAfter / 60)} minutes`;
  return `Too many wrong passwords. Please wait ${wait} and try again, or reset your password.`;
}

export type AttemptClaim = { allowed: true; failures: number } | { allowed: false; retryAfter: number };

/**
 * Counts an attempt as a failure before the password is checked (forgivePasswordAttempts undoes it when the password
 * is right), in one upsert that does nothing while the account waits: concurrent guesses queue on the row, so a
 * burst gets exactly as many checks as the budget allows.
 */
export async function claimPasswordAttempt(
  db: DatabaseOrTransaction,
  subject: string,
  now: Date,
): Promise<AttemptClaim> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const forgotten = sql`${passwordAttempts.lastFailureAt} < ${new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString()}::timestamptz`;
  const failures = sql`(case when ${forgotten} then 1 else ${passwordAttempts.failures} + 1 end)`;
  const [claimed] = await db
    .insert(passwordAttempts)
    .values({ subject, failures: 1, lastFailureAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: passwordAttempts.subject,
      set: {
        failures,
        lastFailureAt: now,
        lockedUntil: sql`case when ${failures} >= ${FAILURES_BEFORE_WAIT}
          then ${at} + least(${FIRST_WAIT_SECONDS} * power(2, least(${failures} - ${FAILURES_BEFORE_WAIT}, 10)), ${LONGEST_WAIT_SECONDS}) * interval '1 second'
          else null end`,
        notifiedAt: sql`case when ${forgotten} then null else ${passwordAttempts.notifiedAt} end`,
      },
      setWhere: or(isNull(passwordAttempts.lockedUntil), sql`${passwordAttempts.lockedUntil} <= ${at}`),
    })
    .returning({ failures: passwordAttempts.failures });
  if (claimed) return { allowed: true, failures: claimed.failures };
  const [row] = await db
    .select({ lockedUntil: passwordAttempts.lockedUntil })
    .from(passwordAttempts)
    .where(eq(passwordAttempts.subject, subject));
  const until = row?.lockedUntil?.getTime() ?? now.getTime() + 1000;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

/** claimPasswordAttempt for the app's own routes: 429 with Retry-After while the account waits. */
export async function claimOrThrow(db: DatabaseOrTransaction, subject: string, now: Date) {
  const claim = await claimPasswordAttempt(db, subject, now);
  if (!claim.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(claim.retryAfter), {
      'Retry-After': String(claim.retryAfter),
    });
  }
}

/** Better Auth's 429 for a waiting account (thrown by our sign-in hook), as the app's own error; else null. */
export function passwordBudgetError(error: unknown): AppError | null {
  if (!isAPIError(error) || error.statusCode !== 429) return null;
  const retryAfter = new Headers(error.headers as HeadersInit).get('Retry-After') ?? '60';
  return new AppError('TOO_MANY_REQUESTS', error.message || tooManyAttemptsMessage(Number(retryAfter)), {
    'Retry-After': retryAfter,
  });
}

/** The password was right: earlier failures no longer count. */
export async function forgivePasswordAttempts(db: DatabaseOrTransaction, subject: string): Promise<void> {
  await db.delete(passwordAttempts).where(eq(passwordAttempts.subject, subject));
}

/** What a notice to an account's owner reaches: part of the service context (Better Auth's hooks have this part). */
export type NoticeDeps = Pick<ServiceContext, 'db' | 'mailer' | 'appUrl' | 'logger'>;

/**
 * After a wrong password: once the waits have started, mails the account's owner (once per series of failures; an
 * address without an account gets nothing). The mail goes out in the background, so the answer time is the same.
 */
export async function noticeRepeatedFailures(
  { db, mailer, appUrl, logger }: NoticeDeps,
  email: string,
  now: Date,
): Promise<void> {
  const subject = passwordSubject(email);
  const [marked] = await db
    .update(passwordAttempts)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(passwordAttempts.subject, subject),
        gte(passwordAttempts.failures, FAILURES_BEFORE_WAIT),
        isNull(passwordAttempts.notifiedAt),
      ),
    )
    .returning({ failures: passwordAttempts.failures });
  if (!marked) return;
  const [owner] = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!owner) return;
  void mailer
    .send(repeatedSignInFailuresMail(appUrl, owner.email, marked.failures))
    .catch((error: unknown) =>
      logger.error({ err: error }, 'could not tell the owner about failed sign-ins'),
    );
}

/** Forgets series that ended a day ago (run by the maintenance job; the rows would reset on use anyway). */
export async function pruneAttempts(db: DatabaseOrTransaction, now: Date): Promise<number> {
  const gone = await db
    .delete(passwordAttempts)
    .where(
      and(
        lt(passwordAttempts.lastFailureAt, new Date(now.getTime() - FAILURE_MEMORY_MS)),
        or(isNull(passwordAttempts.lockedUntil), lt(passwordAttempts.lockedUntil, now)),
      ),
    )
    .returning({ subject: passwordAttempts.subject });
  return gone.length;
}

/**
 * Checks the signed-in user's own password (proof for a sensitive change) against the account's budget: 429 with
 * Retry-After while the account waits; true when right (and the count is forgiven), false when wrong.
 */
export async function checkAccountPassword(
  deps: NoticeDeps & { auth: AuthKeys },
  user: { id: string; email: string },
  password: string,
  now: Date,
): Promise<boolean> {
  const subject = passwordSubject(user.email);
  await claimOrThrow(deps.db, subject, now);
  const [credential] = await deps.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
    .limit(1);
  const context = await deps.auth.$context;
  let right = false;
  if (credential?.password) right = await context.password.verify({ hash: credential.password, password });
  // Same work without a password (a social-only account), so the answer time says nothing.
  else await context.password.hash(password);
  if (right) await forgivePasswordAttempts(deps.db, subject);
  else await noticeRepeatedFailures(deps, user.email, now);
  return right;
}
