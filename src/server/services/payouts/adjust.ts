import { eq } from 'drizzle-orm';
import { lockBalance } from '../../../db/queries/wallet-figures';
import { creators } from '../../../db/schema/creators';
import { mintAdjustments } from '../../../db/schema/payouts';
import type { AdjustmentInput } from '../../../shared/schemas/payout';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { refuseClosedAccount } from '../data-rights/closures';
import { atInstant, type ServiceContext } from '../service-context';
import { postAdjustment } from './ledger';

/**
 * An admin credits or debits a creator's Mint with a reason: an `adjustment` ledger entry, a completed transaction
 * (so it shows in both histories) and the record of who did it, in one transaction. The balance row is locked first,
 * and a debit can never take the balance below zero.
 */
export async function adjustMint(
  services: ServiceContext,
  { creatorId, input, admin }: { creatorId: number; input: AdjustmentInput; admin: AuditActor },
): Promise<{ id: number; balance: number }> {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const [creator] = await tx
      .select({ id: creators.id, name: creators.name })
      .from(creators)
      .where(eq(creators.id, creatorId))
      .limit(1);
    if (!creator) throw new AppError('NOT_FOUND', 'Creator not found.');
    const balance = (await lockBalance(tx, creatorId)) ?? 0;
    // After the balance lock: a closure under way holds it until its commit, so its record is seen here.
    await refuseClosedAccount(tx, creator, 'adjust');
    if (balance + input.amount < 0) {
      throw new AppError(
        'BAD_REQUEST',
        `${creator.name} has ${balance.toLocaleString('en-US')} Mint: a debit of ${(-input.amount).toLocaleString('en-US')} Mint would take the balance below zero.`,
      );
    }
    const [adjustment] = await tx
      .insert(mintAdjustments)
      .values({
        creatorId,
        amount: input.amount,
        reason: input.reason,
        adminUserId: admin.userId,
        adminName: admin.name,
        createdAt: ctx.now,
      })
      .returning();
    await postAdjustment(tx, adjustment!, ctx.now);
    await recordAdminAction(tx, admin, {
      action: 'mint.adjust',
      entityType: 'creator',
      entityId: creatorId,
      before: { balance },
      after: { balance: balance + input.amount, amount: input.amount, reason: input.reason },
      at: ctx.now,
    });
    return { id: adjustment!.id, balance: balance + input.amount };
  });
}
