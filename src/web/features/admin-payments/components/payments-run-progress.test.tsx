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

describe('PaymentRunPanel (issue 43): what Finance reads while a payment run goes on', () => {
  it('says the batch is being sent before PayPal answers', () => {
    const html = renderToStaticMarkup(
      <PaymentRunPanel
        outcome="started"
        message="Sending the batch to PayPal…"
        run={undefined}
        error={null}
      />,
    );
    expect(html).toContain('Sending to PayPal');
    expect(html).toContain('Sending the batch to PayPal…');
    expect(html).toContain('read from PayPal every minute');
  });

  it('counts the payouts paid and still in progress, then says when every one is final', () => {
    const going = renderToStaticMarkup(
      <PaymentRunPanel
        outcome="submitted"
        message="PayPal took the batch (PB-1)."
        run={run({})}
        error={null}
      />,
    );
    expect(going).toContain('1 of 3 paid, 2 in progress');
    const done = run({ over: true, payouts: { total: 3, paid: 2, failed: 1, open: 0 } });
    const html = renderToStaticMarkup(
      <PaymentRunPanel outcome="submitted" message={done.message} run={done} error={null} />,
    );
    expect(html).toContain('2 of 3 paid, 1 not paid (Mint returned)');
    expect(html).toContain('Every payout in this run is final.');
  });

  it('a refused run says nothing was paid, as an alert', () => {
    const html = renderToStaticMarkup(
      <PaymentRunPanel
        outcome="refused"
        message="Insufficient funds."
        run={run({ outcome: 'refused', over: true })}
        error={null}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Nothing was paid; the payouts are pending again.');
    expect(html).not.toContain('of 3 paid');
  });
});
