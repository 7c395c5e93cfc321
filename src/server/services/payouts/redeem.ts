import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { lockPayoutTarget } from '../../../db/queries/onboarding';
import { findPayoutByKey, payoutView, recordPayoutEvent } from '../../../db/queries/payout-records';
import { lockBalance } from '../../../db/queries/wallet-figures';
import type { CreatorRow } from '../../../db/schema/creators';
import { type PayoutRow, payouts } from '../../../db/schema/payouts';
import { payoutExpectedBy } from '../../../shared/business-days';
import { paypalChangeHold, paypalHoldMessage } from '../../../shared/paypal-hold';
import type { Payout, RedemptionRequest } from '../../../shared/schemas/payout';
import { AppError } from '../../http/errors';
import { adminNotice, notifyAdmins } from '../notifications';
import { atInstant, type ServiceContext } from '../service-context';
import { needsTaxHold } from '../tax/hold';
import { creatorActor } from './actors';
import { debitRedemption } from './ledger';
import { sendPayoutNotices } from './notices';
import type { Actor } from './settle';

export const NO_PAYPAL_MESSAGE = 'Add a PayPal email to your profile before redeeming Mint.';

/** What the Idempotency-Key is compared with: the request as the server read it. */
const requestHash = (request: RedemptionRequest) =>
  createHash('sha256')
    .update(JSON.stringify({ amount: request.amount }))
    .digest('hex');

/**
 * A creator redeems Mint: in one transaction the Mint is debited (a `redemption` entry, so it cannot be spent twice),
 * a pending payout to the profile's PayPal email and its pending transaction are created. The creator's balance row
 * is locked first, so concurrent requests for one creator run one after another and the balance never goes below
 * zero. The same Idempotency-Key with the same body answers the first result; with another body 409. For
 * PAYPAL_CHANGE_HOLD_HOURS after a PayPal change, a new redemption is refused with 409 saying why and until when.
 * Issue 27: a payout that takes the year's paid total to $600 or more without a tax form on file is created held
 * (`heldForTaxForm`): the Mint is debited as for any payout, and it is processed once the form is filed.
 */
export async function requestRedemption(
  services: ServiceContext,
  {
    creator,
    request,
    idempotencyKey,
  }: { creator: CreatorRow; request: RedemptionRequest; idempotencyKey: string },
): Promise<{ payout: Payout; replayed: boolean }> {
  const ctx = atInstant(services);
  const hash = requestHash(request);
  const result = await ctx.db.transaction(async (tx) => {
    const balance = await lockBalance(tx, creator.id);
    const earlier = await findPayoutByKey(tx, creator.id, idempotencyKey);
    if (earlier) return { payout: firstAnswer(earlier, hash), replayed: true };
    const paypalEmail = await payableAddress(tx, creator.id, request.amount, balance ?? 0, ctx.now);
    // Under the balance lock (./hold.ts): concurrent redemptions around $600 count each other.
    const heldForTaxForm = await needsTaxHold(tx, creator.id, request.amount, ctx.now);
    const [payout] = await tx
      .insert(payouts)
      .values({
        creatorId: creator.id,
        amount: request.amount,
        paypalEmail,
        heldForTaxForm,
        expectedBy: payoutExpectedBy(ctx.now),
        idempotencyKey,
        requestHash: hash,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await debitRedemption(tx, payout!, ctx.now);
    await recordRequested(tx, payout!, creatorActor(creator), ctx.now);
    const view = payoutView(payout!);
    await tx.update(payouts).set({ response: view }).where(eq(payouts.id, payout!.id));
    await notifyAdmins(tx, adminNotice.payoutRequested(payout!.id, request.amount, creator.name), ctx.now);
    return { payout: view, replayed: false };
  });
  if (!result.replayed) {
    const { id: payoutId, amount, paypalEmail, expectedBy, heldForTaxForm } = result.payout;
    await sendPayoutNotices(ctx, [
      {
        creatorId: creator.id,
        notice: { kind: 'requested', payoutId, amount, paypalEmail, expectedBy, heldForTaxForm },
      },
    ]);
  }
  return result;
}

/** The answer a repeated Idempotency-Key gets: the first one, if the request is the same (409 otherwise). */
function firstAnswer(earlier: PayoutRow, hash: string): Payout {
  if (earlier.requestHash !== hash) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
  }
  // An answer stored before issue 27 has no heldForTaxForm, one stored before decision 0061 names it
  // waitingForTaxForm: the row says it.
  const stored = earlier.response as (Partial<Payout> & { waitingForTaxForm?: boolean }) | null;
  if (!stored) return payoutView(earlier);
  const { waitingForTaxForm: _named, ...first } = stored;
  return { ...payoutView(earlier), ...first } as Payout;
}

/**
 * The PayPal address to pay, once the redemption may go ahead: an address on the profile, no PayPal change on hold,
 * enough Mint. The address and the time it last changed come from one read of the profile row, under the lock a
 * PayPal change holds (issue 22): a change in progress finishes first, and its new address is then held.
 */
async function payableAddress(
  tx: Transaction,
  creatorId: number,
  amount: number,
  available: number,
  now: Date,
): Promise<string> {
  const profile = await lockPayoutTarget(tx, creatorId);
  if (!profile?.paypalEmail) throw new AppError('BAD_REQUEST', NO_PAYPAL_MESSAGE);
  const hold = paypalChangeHold(profile.paypalEmailChangedAt, now);
  if (hold) throw new AppError('CONFLICT', paypalHoldMessage(hold));
  if (amount > available) {
    throw new AppError(
      'BAD_REQUEST',
      `You have ${available.toLocaleString('en-US')} Mint available, so you cannot redeem ${amount.toLocaleString('en-US')} Mint.`,
    );
  }
  return profile.paypalEmail;
}

/** The payout's first timeline lines: requested by the creator, and held for a tax form when it is. */
async function recordRequested(tx: Transaction, payout: PayoutRow, actor: Actor, now: Date) {
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: 'requested',
    actorUserId: actor.userId,
    actorName: actor.name,
    detail: `${payout.amount} Mint to ${payout.paypalEmail}`,
    at: now,
  });
  if (payout.heldForTaxForm) {
    await recordPayoutEvent(tx, {
      payoutId: payout.id,
      action: 'waiting_for_tax_form',
      actorUserId: null,
      actorName: 'Mintbox',
      detail: 'The year’s payouts reach $600: paid once a W-9 or W-8BEN is on file',
      at: now,
    });
  }
}
