import { CheckCircle2, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { TransactionRow } from '../../../../shared/schemas/payout';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CompactField, Input } from '../../../components/ui/input';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatNumber, formatUsd } from '../../../lib/format';
import { type PayoutOutcome, usePayoutOutcome } from './payout-outcome';

/**
 * The payouts already started and not settled (issue 41: closing the dialog after starting one hid it): those to pay
 * by hand, each with Mark paid / It failed, and those with PayPal, whose statuses come back from PayPal.
 */
export function StartedPayouts({
  byHand,
  withPaypal,
}: {
  byHand: TransactionRow[];
  withPaypal: TransactionRow[];
}) {
  if (byHand.length === 0 && withPaypal.length === 0) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="process-started">
      {byHand.length > 0 ? (
        <section className="flex flex-col gap-2" aria-labelledby="process-by-hand-title">
          <h3 id="process-by-hand-title" className="text-sm font-semibold text-slate-800">
            Started, waiting for you to pay by hand ({formatNumber(byHand.length)})
          </h3>
          <p className="text-xs text-slate-600">
            Send each amount from your PayPal account, then mark it paid with the transaction id.
          </p>
          <ul className="flex flex-col gap-3">
            {byHand.map((row) => (
              <ManualPayment key={row.id} row={row} />
            ))}
          </ul>
        </section>
      ) : null}
      {withPaypal.length > 0 ? (
        <section className="flex flex-col gap-2" aria-labelledby="process-paypal-title">
          <h3 id="process-paypal-title" className="text-sm font-semibold text-slate-800">
            In progress with PayPal ({formatNumber(withPaypal.length)})
          </h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {withPaypal.map((row) => (
              <li
                key={row.id}
                className="flex items-center gap-3 px-3 py-2.5 text-sm"
                data-testid="paypal-started"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{row.creator?.name ?? 'Unknown'}</span>
                  <span className="block text-xs text-slate-500">
                    {row.label} · PayPal: {row.payout!.paypalStatus ?? 'sent'} · read again every minute
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{formatUsd(row.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** One payout being paid by hand: the reference it was paid with, or why it failed. */
export function ManualPayment({ row }: { row: TransactionRow }) {
  const id = useId();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [failing, setFailing] = useState(false);
  const [done, setDone] = useState<PayoutOutcome | null>(null);
  const payoutId = row.payout!.id;
  const { record, error, markPaid, markFailed } = usePayoutOutcome(
    { id: payoutId, label: row.label },
    { referenceInToast: true },
  );
  const busy = markPaid.isPending || markFailed.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = failing ? 'failed' : 'paid';
    if (await record(outcome, failing ? reason : reference)) setDone(outcome);
  };

  return (
    <li
      className="rounded-lg border border-slate-200 p-3"
      data-testid="manual-payment"
      data-payout-id={payoutId}
    >
      <p className="text-sm">
        Send <strong className="tabular-nums">{formatUsd(row.amount)}</strong> to{' '}
        <strong className="break-all">{row.payout!.paypalEmail}</strong>{' '}
        <span className="text-slate-500">
          ({row.creator?.name ?? 'Unknown'}, {row.label})
        </span>
      </p>
      {done ? (
        <p
          className={cn(
            'mt-2 flex items-center gap-2 text-sm font-semibold',
            done === 'paid' ? 'text-green-700' : 'text-red-700',
          )}
        >
          {done === 'paid' ? (
            <CheckCircle2 aria-hidden="true" className="size-4" />
          ) : (
            <XCircle aria-hidden="true" className="size-4" />
          )}
          {done === 'paid' ? `Paid · ${reference}` : 'Failed · Mint returned'}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
          <CompactField
            id={`${id}-value`}
            label={failing ? 'Why it failed (the creator is told)' : 'PayPal transaction id or reference'}
            className="flex-1"
          >
            <Input
              id={`${id}-value`}
              value={failing ? reason : reference}
              onChange={(event) =>
                failing ? setReason(event.target.value) : setReference(event.target.value)
              }
              maxLength={failing ? 500 : 200}
            />
          </CompactField>
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant={failing ? 'destructive' : 'default'} disabled={busy}>
              {busy ? <ButtonSpinner label="Saving" /> : null}
              {failing ? 'Mark failed' : 'Mark paid'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setFailing((f) => !f)} disabled={busy}>
              {failing ? 'It was paid' : 'It failed'}
            </Button>
          </div>
        </form>
      )}
      <ErrorAlert message={error} className="mt-2" />
    </li>
  );
}
