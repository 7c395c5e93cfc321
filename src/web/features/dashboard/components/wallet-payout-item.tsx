import { CalendarCheck, CalendarClock, Clock, type LucideIcon, Send, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatIsoDate } from '../../../../shared/dates';
import { isOpenPayout, waitingTime } from '../../../../shared/payouts';
import type { Payout } from '../../../../shared/schemas/payout';
import { mutationError, runThenClose } from '../../../components/mutation-dialog';
import { TransactionStatusBadge } from '../../../components/transaction-status-badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatNumber, formatUsd } from '../../../lib/format';
import { useCancelRedemption } from '../api/wallet';
import { TaxHoldWords } from './tax-hold-words';

/** One payout of the creator's list: amount, status, its dates, what it waits for, and Cancel while it may. */
export function PayoutItem({ payout, now, onCancel }: { payout: Payout; now: Date; onCancel: () => void }) {
  return (
    <li
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
      <PayoutDates payout={payout} now={now} />
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
      {payout.heldForTaxForm ? (
        <div
          className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="payout-tax-hold"
        >
          <TaxHoldWords linkClassName="mt-1 inline-block" />
        </div>
      ) : null}
      {payout.failureReason ? (
        <p className="mt-3 text-sm text-red-700" data-testid="payout-reason">
          {payout.failureReason} The {formatNumber(payout.amount)} Mint are back in your wallet.
        </p>
      ) : null}
      {payout.canCancel ? (
        <div className="mt-3 flex justify-end">
          <Button variant="outline" size="sm" onClick={onCancel}>
            Cancel payout
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** One date of a payout: its icon and label above, the value below. */
function PayoutDate({
  icon: Icon,
  label,
  iconClassName,
  children,
  ...props
}: {
  icon: LucideIcon;
  label: string;
  iconClassName?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs text-slate-500">
        <Icon aria-hidden="true" className={cn('size-3.5 shrink-0 text-slate-400', iconClassName)} />
        {label}
      </dt>
      <dd {...props}>{children}</dd>
    </div>
  );
}

/** Requested, paid by, and then how long it has waited (open), when it was paid, or when it came back. */
function PayoutDates({ payout, now }: { payout: Payout; now: Date }) {
  const returnedAt = payout.cancelledAt ?? payout.failedAt;
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      <PayoutDate icon={Send} label="Requested">
        <time dateTime={payout.requestedAt}>{formatDateTime(payout.requestedAt)}</time>
      </PayoutDate>
      <PayoutDate icon={CalendarClock} label="Paid by" data-testid="payout-paid-by">
        {payout.heldForTaxForm ? 'Once your tax form is on file' : formatIsoDate(payout.expectedBy)}
      </PayoutDate>
      {isOpenPayout(payout.status) ? (
        <PayoutDate icon={Clock} label="Waiting" data-testid="payout-waiting">
          {waitingTime(payout.requestedAt, now)}
        </PayoutDate>
      ) : payout.completedAt ? (
        <PayoutDate icon={CalendarCheck} label="Paid" iconClassName="text-green-600">
          <time dateTime={payout.completedAt}>{formatDateTime(payout.completedAt)}</time>
        </PayoutDate>
      ) : returnedAt ? (
        <PayoutDate icon={XCircle} label={payout.cancelledAt ? 'Cancelled' : 'Mint returned'}>
          {formatDateTime(returnedAt)}
        </PayoutDate>
      ) : null}
    </dl>
  );
}

/** "Cancel this payout?": the Mint go back to the wallet. */
export function CancelPayoutDialog({ payout, onClose }: { payout: Payout | null; onClose: () => void }) {
  const cancel = useCancelRedemption();
  return (
    <ConfirmDialog
      open={payout !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          cancel.reset();
        }
      }}
      title="Cancel this payout?"
      description={
        payout
          ? `The ${formatNumber(payout.amount)} Mint go back to your wallet, and nothing is sent to ${payout.paypalEmail}.`
          : undefined
      }
      confirmLabel="Cancel payout"
      confirmVariant="destructive"
      pending={cancel.isPending}
      error={mutationError(cancel)}
      onConfirm={async () => {
        if (!payout) return;
        await runThenClose(
          () => cancel.mutateAsync(payout.id),
          {
            title: 'Payout cancelled',
            description: `${formatNumber(payout.amount)} Mint are back in your wallet.`,
            variant: 'success',
          },
          onClose,
        );
      }}
    />
  );
}
