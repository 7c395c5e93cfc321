import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentRun } from '../../../../shared/schemas/payment-run';
import { PaymentRunPanel } from './payments-run-progress';

const run = (over: Partial<PaymentRun>): PaymentRun => ({
  id: 7,
  senderBatchId: 'mintbox-1',
  paypalBatchId: 'PB-1',
  outcome: 'submitted',
  message: 'PayPal took the batch (PB-1).',
  over: false,
  payouts: { total: 3, paid: 1, failed: 0, open: 2 },
  ...over,
});

/** The panel as Finance sees it: the run's outcome, PayPal's message and the run read (no request error). */
const panel = (
  outcome: ComponentProps<typeof PaymentRunPanel>['outcome'],
  message: string,
  shown?: PaymentRun,
) => renderToStaticMarkup(<PaymentRunPanel outcome={outcome} message={message} run={shown} error={null} />);

describe('PaymentRunPanel (issue 43): what Finance reads while a payment run goes on', () => {
  it('says the batch is being sent before PayPal answers', () => {
    const html = panel('started', 'Sending the batch to PayPal…');
    expect(html).toContain('Sending to PayPal');
    expect(html).toContain('Sending the batch to PayPal…');
    expect(html).toContain('read from PayPal every minute');
  });

  it('counts the payouts paid and still in progress, then says when every one is final', () => {
    const going = panel('submitted', 'PayPal took the batch (PB-1).', run({}));
    expect(going).toContain('1 of 3 paid, 2 in progress');
    const done = run({ over: true, payouts: { total: 3, paid: 2, failed: 1, open: 0 } });
    const html = panel('submitted', done.message, done);
    expect(html).toContain('2 of 3 paid, 1 not paid (Mint returned)');
    expect(html).toContain('Every payout in this run is final.');
  });

  it('a refused run says nothing was paid, as an alert', () => {
    const html = panel('refused', 'Insufficient funds.', run({ outcome: 'refused', over: true }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Nothing was paid; the payouts are pending again.');
    expect(html).not.toContain('of 3 paid');
  });
});
