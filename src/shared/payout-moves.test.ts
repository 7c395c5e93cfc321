import { describe, expect, it } from 'vitest';
import {
  allowedPayoutActions,
  findPayoutMove,
  PAYOUT_ACTIONS,
  PAYOUT_MOVES,
  payoutStatusesFrom,
} from './payout-moves';
import { PAYOUT_STATUSES } from './payouts';

describe('the table of payout moves', () => {
  it('has one row per status, action and actor, and every action is in it', () => {
    const keys = PAYOUT_MOVES.map((m) => `${m.from}:${m.action}:${m.by}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(PAYOUT_MOVES.map((m) => m.action))).toEqual(new Set(PAYOUT_ACTIONS));
  });

  it('reaches every status, and only a paid payout can leave a final status (its money came back)', () => {
    const reached = new Set(['pending', ...PAYOUT_MOVES.map((m) => m.to)]);
    expect(reached).toEqual(new Set(PAYOUT_STATUSES));
    for (const status of ['failed', 'returned', 'cancelled'] as const) {
      expect(PAYOUT_MOVES.filter((m) => m.from === status)).toEqual([]);
    }
    expect(PAYOUT_MOVES.filter((m) => m.from === 'completed').map((m) => m.to)).toEqual(['returned']);
  });

  it('lets the creator cancel only before an admin starts it; PayPal alone puts a payout back to pending', () => {
    expect(payoutStatusesFrom('cancel')).toEqual(['pending']);
    expect(findPayoutMove('processing', 'cancel', 'creator')).toBeNull();
    expect(PAYOUT_MOVES.filter((m) => m.to === 'pending').map((m) => m.by)).toEqual(['paypal']);
    expect(allowedPayoutActions('processing', 'admin')).toEqual(['mark_paid', 'mark_failed']);
    expect(allowedPayoutActions('pending', 'admin')).toEqual(['start', 'send_to_paypal', 'mark_failed']);
  });
});
