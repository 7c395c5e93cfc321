import { findPaymentRun } from '../../../db/queries/payout-batches';
import type { PayoutBatchRow } from '../../../db/schema/payouts';
import type { PaymentRun, PaymentRunOutcome } from '../../../shared/schemas/payment-run';
import { AppError } from '../../http/errors';
import type { ServiceContext } from '../service-context';

/** What the run's saved state says to the admin (the same sentences Process Payment answered before it was a job). */
function outcomeOf(batch: PayoutBatchRow): { outcome: PaymentRunOutcome; message: string } {
  if (batch.status === 'refused')
    return { outcome: 'refused', message: batch.lastError ?? 'PayPal refused it.' };
  if (batch.status === 'submitting') {
    return batch.attempts === 0
      ? { outcome: 'started', message: 'Sending the batch to PayPal…' }
      : {
          outcome: 'retrying',
          message: `PayPal did not confirm the batch (${batch.lastError}). It is retried with the same batch id, so it cannot be paid twice.`,
        };
  }
  return { outcome: 'submitted', message: `PayPal took the batch (${batch.paypalBatchId}).` };
}

/** A payment run as the admin watches it after Process Payment (GET /api/admin/payment-runs/{id}). */
export async function paymentRun(services: ServiceContext, id: number): Promise<PaymentRun> {
  const found = await findPaymentRun(services.db, id);
  if (!found) throw new AppError('NOT_FOUND', 'Payment run not found.');
  const { batch, counts } = found;
  return {
    id: batch.id,
    senderBatchId: batch.senderBatchId,
    paypalBatchId: batch.paypalBatchId,
    ...outcomeOf(batch),
    over: batch.status === 'closed' || batch.status === 'refused',
    payouts: { total: batch.itemCount, ...counts },
  };
}
