import { type ReactNode, useId, useState } from 'react';
import { formatIsoDate } from '../../../../shared/dates';
import { isOpenPayout, PAYOUT_EVENT_LABELS, waitingTime } from '../../../../shared/payouts';
import type { AdminPayout } from '../../../../shared/schemas/payout';
import { TAX_HOLD_ADMIN_LABEL } from '../../../../shared/tax';
import { TransactionStatusBadge } from '../../../components/transaction-status-badge';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, type ButtonProps } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatUsd } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useAdminPayout } from '../api/payments';
import { usePayoutOutcome } from './payout-outcome';

/** One payout: its creator, clock, PayPal batch, what an admin can still do, and who did what when. */
export function PayoutDialog({ payoutId, onClose }: { payoutId: number | null; onClose: () => void }) {
  const open = payoutId !== null;
  const returnFocus = useReturnFocus(open);
  const payout = useAdminPayout(payoutId);
  const { can } = useAdminCan();
  const now = useNow();
  const data = payout.data;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent onCloseAutoFocus={returnFocus} className="max-w-xl" data-testid="payout-dialog">
        <DialogHeader>
          <DialogTitle>{data ? data.label : 'Payout'}</DialogTitle>
          <DialogDescription>
            {data
              ? `${formatNumber(data.amount)} Mint (${formatUsd(data.amount)}) for ${data.creator.name} (@${data.creator.username}) to ${data.paypalEmail}`
              : 'Loading…'}
          </DialogDescription>
        </DialogHeader>
        {payout.isError ? <Alert variant="destructive">{getErrorMessage(payout.error)}</Alert> : null}
        {!data ? (
          payout.isError ? null : (
            <Skeleton className="h-40 w-full" />
          )
        ) : (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <Fact term="Status" className="mt-0.5 flex flex-wrap items-center gap-2">
                <TransactionStatusBadge status={data.status} />
                {data.heldForTaxForm ? (
                  <span className="text-xs font-semibold text-amber-800" data-testid="payout-tax-hold">
                    {TAX_HOLD_ADMIN_LABEL}
                  </span>
                ) : null}
                {data.paypalStatus ? (
                  <span className="text-xs text-slate-500">PayPal: {data.paypalStatus}</span>
                ) : null}
              </Fact>
              <Fact term="Paid by">{formatIsoDate(data.expectedBy)}</Fact>
              <Fact term="Requested">{formatDateTime(data.requestedAt)}</Fact>
              <Fact term={isOpenPayout(data.status) ? 'Waiting' : 'Mode'}>
                {isOpenPayout(data.status)
                  ? waitingTime(data.requestedAt, now)
                  : data.mode === 'paypal'
                    ? 'PayPal'
                    : data.mode === 'manual'
                      ? 'By hand'
                      : '—'}
              </Fact>
              {data.reference ? (
                <Fact term="Reference" wide className="font-mono break-all">
                  {data.reference}
                </Fact>
              ) : null}
              {data.failureReason ? (
                <Fact term="Reason" wide className="text-red-700">
                  {data.failureReason}
                </Fact>
              ) : null}
              {data.batch ? (
                <Fact term="PayPal batch" wide className="break-all">
                  {data.batch.paypalBatchId ?? 'not confirmed yet'} · {data.batch.status}
                  {data.batch.lastError ? (
                    <span className="block text-xs text-red-700">{data.batch.lastError}</span>
                  ) : null}
                </Fact>
              ) : null}
            </dl>

            {can('POST /admin/payouts/{id}/mark-paid') ? <PayoutActions payout={data} /> : null}

            <section aria-label="History">
              <h3 className="mb-2 text-sm font-semibold text-slate-800">History</h3>
              <ol
                className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4"
                data-testid="payout-history"
              >
                {data.events.map((event) => (
                  <li key={`${event.at}-${event.action}-${event.detail ?? ''}`} className="text-sm">
                    <p className="font-medium text-slate-900">
                      {PAYOUT_EVENT_LABELS[event.action] ?? event.action}
                    </p>
                    <p className="text-xs text-slate-500">
                      {event.actor} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    </p>
                    {event.detail ? (
                      <p className="text-xs break-words text-slate-600">{event.detail}</p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One fact of the payout, its name above it; `wide` spans both columns. */
function Fact({
  term,
  wide = false,
  className,
  children,
}: {
  term: string;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** Mark paid (a payout being paid by hand) or mark failed (pending, or being paid by hand). */
function PayoutActions({ payout }: { payout: AdminPayout }) {
  const id = useId();
  const { record, error, markPaid, markFailed } = usePayoutOutcome(payout);
  // A PayPal payout whose result PayPal gave in a form we cannot read is settled by hand (the admins were alerted).
  const manual =
    payout.status === 'processing' &&
    (payout.mode === 'manual' || payout.events.some((e) => e.action === 'paypal_unreadable'));
  const canFail = payout.status === 'pending' || manual;
  if (!manual && !canFail) {
    return payout.status === 'processing' ? (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
        PayPal is paying this payout; its result comes from PayPal.
      </p>
    ) : null;
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      {payout.status === 'pending' ? (
        <p className="text-sm text-slate-600">To pay it, select it and use Process Payment. Or refuse it:</p>
      ) : null}
      {manual ? (
        <OutcomeForm
          id={`${id}-reference`}
          label="PayPal transaction id or reference"
          maxLength={200}
          button="Mark paid"
          pending={markPaid.isPending}
          onRecord={(reference) => void record('paid', reference)}
        />
      ) : null}
      {canFail ? (
        <OutcomeForm
          id={`${id}-reason`}
          label="Why it failed (the creator is told; the Mint goes back)"
          maxLength={500}
          button="Mark failed"
          variant="destructive"
          pending={markFailed.isPending}
          onRecord={(reason) => void record('failed', reason)}
        />
      ) : null}
      <ErrorAlert message={error} />
    </div>
  );
}

/** How a payout ended, recorded by hand: one field (the reference, the reason) and the button that records it. */
function OutcomeForm({
  id,
  label,
  maxLength,
  button,
  variant,
  pending,
  onRecord,
}: {
  id: string;
  label: string;
  maxLength: number;
  button: string;
  variant?: ButtonProps['variant'];
  pending: boolean;
  onRecord: (text: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onRecord(text);
      }}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <TextField
        id={id}
        label={label}
        className="flex-1"
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant={variant} disabled={pending}>
        {button}
      </Button>
    </form>
  );
}
