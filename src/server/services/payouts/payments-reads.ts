import { paymentsFigures } from '../../../db/queries/payment-figures';
import { findAdminPayout } from '../../../db/queries/payout-records';
import { eachTransaction } from '../../../db/queries/transactions-csv-stream';
import { listTransactions } from '../../../db/queries/transactions-list';
import { AppError } from '../../http/errors';
import type { ServiceContext } from '../service-context';

/** The admins' reads of /admin/payments: the transactions (a page, or all of them for the export), the figures, one payout. */

export function transactionPage(ctx: ServiceContext, query: Parameters<typeof listTransactions>[1]) {
  return listTransactions(ctx.db, query);
}

/** Every transaction the filters select, a chunk at a time (Export Report streams them). */
export function transactionChunks(ctx: ServiceContext, query: Parameters<typeof eachTransaction>[1]) {
  return eachTransaction(ctx.db, query);
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The payments page's figures, "this month" being the calendar month (UTC) of the context's clock. */
export function paymentsSummaryFigures(ctx: ServiceContext) {
  return paymentsFigures(ctx.db, monthStart(ctx.now()));
}

/** One payout as the admins see it (creator, batch, PayPal state); 404 when unknown. */
export async function adminPayout(ctx: ServiceContext, id: number) {
  const payout = await findAdminPayout(ctx.db, id);
  if (!payout) throw new AppError('NOT_FOUND', `Payout #${id} was not found.`);
  return payout;
}
