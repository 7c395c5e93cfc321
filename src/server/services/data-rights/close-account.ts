import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction, Transaction } from '../../../db/client';
import { lockOwnApplication } from '../../../db/queries/application-lifecycle-reads';
import { lockBalance } from '../../../db/queries/wallet-figures';
import { applications } from '../../../db/schema/applications';
import { sessions } from '../../../db/schema/auth';
import { campaigns } from '../../../db/schema/campaigns';
import { type CreatorRow, creators } from '../../../db/schema/creators';
import { accountClosures } from '../../../db/schema/data-rights';
import { mintAdjustments } from '../../../db/schema/payouts';
import { MIN_REDEMPTION_MINT } from '../../../shared/constants';
import { statusesFrom } from '../../../shared/lifecycle/moves';
import type { ApplicationStatus } from '../../../shared/lifecycle/statuses';
import {
  ANONYMISE_AFTER_DAYS,
  type CloseAccountInput,
  type CloseAccountResult,
  type ClosurePreview,
  DATA_RIGHTS_MESSAGES,
  FRESH_SIGN_IN_MINUTES,
} from '../../../shared/schemas/data-rights';
import type { AuthKeys } from '../../auth/auth-context';
import { AppError } from '../../http/errors';
import { accountClosedMail } from '../../mail/data-rights-templates';
import { transition } from '../applications/transition';
import { hasPassword } from '../identity-proof';
import { checkAccountPassword } from '../password-attempts';
import { balanceOf, postAdjustment } from '../payouts/ledger';
import { type AtInstant, atInstant, type ServiceContext } from '../service-context';

/** Who asks to close: the signed-in user, their creator record, and when their session started. */
export interface Closer {
  user: { id: string; email: string };
  creator: CreatorRow;
  sessionStartedAt: Date;
}

export const GIVE_UP_REASON = 'Given up by the creator when closing the account';

const isFresh = (startedAt: Date, now: Date) =>
  now.getTime() - startedAt.getTime() <= FRESH_SIGN_IN_MINUTES * 60_000;

/** Accepted and not over yet: what the table lets a closure end (src/shared/lifecycle/moves.ts, 'close_account'). */
const ACTIVE_STATUSES = statusesFrom('close_account');

/** The creator's applications in `statuses`, oldest first (row locks then come in one order). */
async function applicationIdsIn(
  db: DatabaseOrTransaction,
  creatorId: number,
  statuses: readonly ApplicationStatus[],
) {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.creatorId, creatorId), inArray(applications.status, [...statuses])))
    .orderBy(applications.id);
  return rows.map((row) => row.id);
}

/** What closing would do now: the statement the page shows before the creator confirms. */
export async function closurePreview(services: ServiceContext, closer: Closer): Promise<ClosurePreview> {
  const ctx = atInstant(services);
  const balance = await balanceOf(ctx.db, closer.creator.id);
  const count = async (statuses: readonly ApplicationStatus[]) =>
    (await applicationIdsIn(ctx.db, closer.creator.id, statuses)).length;
  return {
    balance,
    minimumRedemption: MIN_REDEMPTION_MINT,
    openApplications: await count(['applied']),
    activeApplications: await count(ACTIVE_STATUSES),
    hasPassword: await hasPassword(ctx.db, closer.user.id),
    freshSignIn: isFresh(closer.sessionStartedAt, ctx.now),
    anonymiseAfterDays: ANONYMISE_AFTER_DAYS,
  };
}

/**
 * "Close my account" (issue 27): after the password (or, without one, a sign-in from the last 10 minutes), in one
 * transaction: open applications withdrawn through the table of moves, the balance given up as a ledger entry (the
 * creator confirms it; redeeming first is their choice), the closure recorded with its anonymisation date, every
 * session ended. Sign-in is refused from then on (`refuseClosedSignIn`).
 */
export async function closeAccount(
  services: ServiceContext,
  auth: AuthKeys,
  closer: Closer,
  input: CloseAccountInput,
): Promise<CloseAccountResult> {
  const ctx = atInstant(services);
  const { user, creator } = closer;
  await checkItIsThem(ctx, auth, closer, input.password);
  const anonymiseAfter = new Date(ctx.now.getTime() + ANONYMISE_AFTER_DAYS * 86_400_000);
  const result = await ctx.db.transaction(async (tx) => {
    // One closure at a time per creator. NO KEY UPDATE, not UPDATE: a redemption holding the balance lock inserts a
    // payout whose foreign key takes KEY SHARE on this row, and FOR UPDATE would wait for it while it waits for the
    // balance this transaction takes next (a deadlock on PostgreSQL).
    await tx
      .select({ id: creators.id })
      .from(creators)
      .where(eq(creators.id, creator.id))
      .for('no key update');
    const [closed] = await tx
      .select({ id: accountClosures.creatorId })
      .from(accountClosures)
      .where(eq(accountClosures.creatorId, creator.id));
    if (closed) throw new AppError('CONFLICT', DATA_RIGHTS_MESSAGES.alreadyClosed);
    const withdrawn = await endOpenApplications(tx, creator.id, ctx.now);
    const balance = await giveUpBalance(tx, creator.id, input.giveUpMint, ctx.now);
    await tx.insert(accountClosures).values({
      creatorId: creator.id,
      userId: user.id,
      anonymousId: `closed-${randomBytes(8).toString('hex')}`,
      closedAt: ctx.now,
      anonymiseAfter,
      mintGivenUp: balance,
      applicationsWithdrawn: withdrawn,
    });
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return { mintGivenUp: balance, applicationsWithdrawn: withdrawn };
  });
  try {
    await ctx.mailer.send(
      accountClosedMail(ctx.appUrl, creator.email, {
        mintGivenUp: result.mintGivenUp,
        anonymiseOn: anonymiseAfter.toISOString().slice(0, 10),
      }),
    );
  } catch (error) {
    ctx.logger.error({ err: error, kind: 'account-closed' }, 'could not send the account closure mail');
  }
  return { closedAt: ctx.now.toISOString(), anonymiseAfter: anonymiseAfter.toISOString(), ...result };
}

/** The closer proves it is them: their password, or without one a sign-in from the last few minutes. */
async function checkItIsThem(
  ctx: AtInstant,
  auth: AuthKeys,
  closer: Closer,
  password: CloseAccountInput['password'],
) {
  if (await hasPassword(ctx.db, closer.user.id)) {
    if (!password)
      throw new AppError('BAD_REQUEST', DATA_RIGHTS_MESSAGES.passwordNeeded, {}, undefined, 'password');
    if (!(await checkAccountPassword({ ...ctx, auth }, closer.user, password, ctx.now))) {
      throw new AppError('FORBIDDEN', DATA_RIGHTS_MESSAGES.passwordWrong, {}, undefined, 'password');
    }
  } else if (!isFresh(closer.sessionStartedAt, ctx.now)) {
    throw new AppError('FORBIDDEN', DATA_RIGHTS_MESSAGES.freshSignInNeeded);
  }
}

/**
 * Every open application ends, each under its row lock, before the balance: approving content locks the application
 * and then the balance, so both take them in that order. Under review: the creator's own Withdraw. Accepted and not
 * over (a box on its way, content owed or in review): 'close_account', so no review can credit a reward to the closed
 * account afterwards (decision 0028, amended). Answers how many ended.
 */
async function endOpenApplications(tx: Transaction, creatorId: number, now: Date): Promise<number> {
  let withdrawn = 0;
  const steps = [
    { statuses: ['applied'] as const, action: 'withdraw', actor: 'creator' },
    { statuses: ACTIVE_STATUSES, action: 'close_account', actor: 'system' },
  ] as const;
  for (const step of steps) {
    for (const id of await applicationIdsIn(tx, creatorId, step.statuses)) {
      const locked = await lockOwnApplication(tx, id, creatorId);
      if (!locked || !(step.statuses as readonly string[]).includes(locked.application.status)) continue;
      await transition(tx, locked, step.action, step.actor, { updatedAt: now });
      await tx
        .update(campaigns)
        .set({ applicationsCount: sql`greatest(${campaigns.applicationsCount} - 1, 0)` })
        .where(eq(campaigns.id, locked.application.campaignId));
      withdrawn += 1;
    }
  }
  return withdrawn;
}

/** The Mint left, given up as a ledger adjustment (the creator must have said yes to it); answers the amount. */
async function giveUpBalance(
  tx: Transaction,
  creatorId: number,
  giveUpMint: CloseAccountInput['giveUpMint'],
  now: Date,
): Promise<number> {
  const balance = (await lockBalance(tx, creatorId)) ?? 0;
  if (balance > 0 && !giveUpMint) {
    throw new AppError('BAD_REQUEST', DATA_RIGHTS_MESSAGES.confirmGiveUp, {}, undefined, 'giveUpMint');
  }
  if (balance > 0) {
    const [adjustment] = await tx
      .insert(mintAdjustments)
      .values({
        creatorId,
        amount: -balance,
        reason: GIVE_UP_REASON,
        adminUserId: null,
        adminName: 'Account closure',
        createdAt: now,
      })
      .returning();
    await postAdjustment(tx, adjustment!, now);
  }
  return balance;
}
