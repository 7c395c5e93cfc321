import type { DatabaseOrTransaction } from '../../../db/client';
import { activeTaxForm, paidOrOpenInYear } from '../../../db/queries/tax';
import { reachesTaxThreshold, taxYearRange } from '../../../shared/tax';

/**
 * Issue 27's hold: whether a payout of `amount` USD requested at `now` waits for a tax form, because none is on file
 * and it would take the creator's paid total of the calendar year (paid, plus payouts on their way) to $600 or
 * more (the rule of src/shared/tax.ts). The caller holds the creator's balance row lock (`lockBalance`), which every
 * redemption and every filed form take first: two redemptions around the threshold run one after the other, and the
 * second counts the first; a form filed meanwhile is seen or releases the hold it finds.
 */
export async function needsTaxHold(
  tx: DatabaseOrTransaction,
  creatorId: number,
  amount: number,
  now: Date,
): Promise<boolean> {
  if (await activeTaxForm(tx, creatorId)) return false;
  const total = await paidOrOpenInYear(tx, creatorId, taxYearRange(now.getUTCFullYear()));
  return reachesTaxThreshold(total, amount);
}

export const heldPayoutMessage = (label: string) =>
  `${label} is waiting for a tax form: it takes the creator's payouts this year to $600 or more. It can be paid once they file a W-9 or W-8BEN on their profile.`;
