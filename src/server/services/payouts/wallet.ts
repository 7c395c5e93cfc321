import { listMyPayouts } from '../../../db/queries/payout-records';
import { walletFigures } from '../../../db/queries/wallet-figures';
import type { ServiceContext } from '../service-context';

/**
 * The creator's wallet: available balance (the sum of their entries, kept in mint_balances), Mint on its way
 * (rewards of content awaiting review), Mint in open payouts, total earned, and a page of entries, newest first.
 */
export async function getWallet(
  ctx: ServiceContext,
  creatorId: number,
  page: { limit: number; cursor?: string | undefined } = { limit: 50 },
) {
  return walletFigures(ctx.db, creatorId, page, ctx.now());
}

/** The creator's payouts, newest first. */
export async function listPayouts(ctx: ServiceContext, creatorId: number) {
  return listMyPayouts(ctx.db, creatorId);
}
