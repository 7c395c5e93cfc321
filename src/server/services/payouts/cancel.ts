import { lockPayout, payoutView, recordPayoutEvent } from '../../../db/queries/payout-records';
import type { CreatorRow } from '../../../db/schema/creators';
import type { Payout } from '../../../shared/schemas/payout';
import { AppError } from '../../http/errors';
import { atInstant, type ServiceContext } from '../service-context';
import { creatorActor } from './actors';
import { returnPayoutMint } from './ledger';
import { movePayout } from './move';

/** The creator cancels a payout no admin has started: the Mint comes back (a `reversal` entry). */
export async function cancelRedemption(
  services: ServiceContext,
  creator: CreatorRow,
  payoutId: number,
): Promise<Payout> {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId, creator.id);
    if (!payout) throw new AppError('NOT_FOUND', 'Payout not found.');
    const updated = await movePayout(
      tx,
      payout,
      'cancel',
      'creator',
      { cancelledAt: ctx.now, updatedAt: ctx.now },
      (status) =>
        status === 'processing'
          ? 'This payout is already being processed, so it can no longer be cancelled.'
          : `This payout is ${status}, so it can no longer be cancelled.`,
    );
    await returnPayoutMint(tx, payout, 'cancelled', ctx.now);
    const actor = creatorActor(creator);
    await recordPayoutEvent(tx, {
      payoutId: payout.id,
      action: 'cancelled',
      actorUserId: actor.userId,
      actorName: actor.name,
      at: ctx.now,
    });
    return payoutView(updated);
  });
}
