import { CalendarCheck, CalendarClock, Clock, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../../shared/dates';
import { isOpenPayout, waitingTime } from '../../../../shared/payouts';
import type { Payout } from '../../../../shared/schemas/payout';
import { TAX_FORM_PATH, TAX_HOLD_MESSAGE } from '../../../../shared/tax';
import { ErrorPanel } from '../../../components/error-panel';
import { TransactionStatusBadge } from '../../../components/transaction-status-badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatUsd } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useCancelRedemption, useRedemptions } from '../api/wallet';

/** The creator's payouts with their clock: requested at, expected by, how long an open one has been waiting. */
export function WalletPayouts() {
  const payouts = useRedemptions();
  const cancel = useCancelRedemption();
  const now = useNow();
  const [cancelling, setCancelling] = useState<Payout | null>(null);

  if (payouts.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading your payouts">
        <Skeleton className="h-28 w-full rounded-xl" />
      </div>
    );
  }
  if (payouts.isError) {
    return (
      <ErrorPanel
        compact
        title="We couldn't load your payouts."
        error={payouts.error}
        onRetry={() => payouts.refetch()}
      />
    );
  }
  const items = payouts.data.items;
  if (items.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600"
        data-testid="payouts-empty"
      >
        No payouts yet. Once you have 50 Mint, redeem them here and follow each payout until it reaches your
        PayPal.
      </p>
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="payouts">
        {items.map((payout) => (
          <li
            key={payout.id}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="payout"
            data-payout-id={payout.id}
            data-payout-status={payout.status}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  <span data-testid="payout-amount">{formatNumber(payout.amount)} Mint</span>{' '}
                  <span className="font-normal text-slate-500">({formatUsd(payout.amount)})</span>
                </p>
                <p className="text-sm break-all text-slate-600">
                  {payout.label} to {payout.paypalEmail}
                </p>
              </div>
              <TransactionStatusBadge status={payout.status} />
            </div>
            <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                  <Send aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
                  Requested
                </dt>
                <dd>
                  <time dateTime={payout.requestedAt}>{formatDateTime(payout.requestedAt)}</time>
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                  <CalendarClock aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
                  Paid by
                </dt>
                <dd data-testid="payout-paid-by">
                  {payout.waitingForTaxForm
                    ? 'Once your tax form is on file'
                    : formatIsoDate(payout.expectedBy)}
                </dd>
              </div>
              {isOpenPayout(payout.status) ? (
                <div>
                  <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                    <Clock aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
                    Waiting
                  </dt>
                  <dd data-testid="payout-waiting">{waitingTime(payout.requestedAt, now)}</dd>
                </div>
              ) : payout.completedAt ? (
                <div>
                  <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                    <CalendarCheck aria-hidden="true" className="size-3.5 shrink-0 text-green-600" />
                    Paid
                  </dt>
                  <dd>
                    <time dateTime={payout.completedAt}>{formatDateTime(payout.completedAt)}</time>
                  </dd>
                </div>
              ) : payout.failedAt || payout.cancelledAt ? (
                <div>
                  <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                    <XCircle aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />

                    {payout.cancelledAt ? 'Cancelled' : 'Mint returned'}
                  </dt>
                  <dd>{formatDateTime((payout.cancelledAt ?? payout.failedAt)!)}</dd>
                </div>
              ) : null}
            </dl>
            {payout.status === 'completed' && payout.reference ? (
              <p className="mt-3 text-sm text-slate-600">
                PayPal transaction id: <span className="font-mono text-slate-900">{payout.reference}</span>
              </p>
            ) : null}
            {payout.status === 'processing' ? (
              <p className="mt-3 text-sm text-slate-600">
                {payout.paypalStatus === 'UNCLAIMED'
                  ? 'PayPal is holding it until you accept it: check that your PayPal account uses this email.'
                  : 'We are paying it now; it can no longer be cancelled.'}
              </p>
            ) : null}
            {payout.waitingForTaxForm ? (
              <div
                className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
                data-testid="payout-tax-hold"
              >
                <p>{TAX_HOLD_MESSAGE}</p>
                <Link to={TAX_FORM_PATH} className="mt-1 inline-block font-semibold underline">
                  File your tax form
                </Link>
              </div>
            ) : null}
            {payout.failureReason ? (
              <p className="mt-3 text-sm text-red-700" data-testid="payout-reason">
                {payout.failureReason} The {formatNumber(payout.amount)} Mint are back in your wallet.
              </p>
            ) : null}
            {payout.canCancel ? (
              <div className="mt-3 flex justify-end">
                <Button variant="outline" size="sm" onClick={() => setCancelling(payout)}>
                  Cancel payout
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) {
            setCancelling(null);
            cancel.reset();
          }
        }}
        title="Cancel this payout?"
        description={
          cancelling
            ? `The ${formatNumber(cancelling.amount)} Mint go back to your wallet, and nothing is sent to ${cancelling.paypalEmail}.`
            : undefined
        }
        confirmLabel="Cancel payout"
        confirmVariant="destructive"
        pending={cancel.isPending}
        error={cancel.isError ? getErrorMessage(cancel.error) : null}
        onConfirm={async () => {
          if (!cancelling) return;
          try {
            await cancel.mutateAsync(cancelling.id);
            toast({
              title: 'Payout cancelled',
              description: `${formatNumber(cancelling.amount)} Mint are back in your wallet.`,
              variant: 'success',
            });
            setCancelling(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      />
    </>
  );
}
