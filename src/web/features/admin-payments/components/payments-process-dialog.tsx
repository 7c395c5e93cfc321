import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { PayoutMode } from '../../../../shared/payouts';
import type { PaymentsSummary, ProcessResult, TransactionRow } from '../../../../shared/schemas/payout';
import { TAX_HOLD_ADMIN_LABEL } from '../../../../shared/tax';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatNumber, formatShortDate, formatUsd } from '../../../lib/format';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { type TransactionFilters, usePaymentActions, usePendingPayouts } from '../api/payments';
import { PaymentRunProgress } from './payments-run-progress';
import { ManualPayment, StartedPayouts } from './payments-started-payouts';

type Step =
  | { kind: 'select' }
  | { kind: 'manual'; rows: TransactionRow[] }
  | { kind: 'paypal'; result: ProcessResult };

const small = '[&>span:first-child]:size-4 [&>span:first-child]:border-2';

/**
 * Process Payment: pick pending payouts, then pay them through PayPal (when the server has PayPal credentials), or
 * start them for paying by hand: they can no longer be cancelled, and each is marked paid with its reference (or
 * failed with a reason, which returns the Mint).
 */
export function ProcessPaymentDialog({
  open,
  onOpenChange,
  preselected,
  filters,
  settings,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preselected: ReadonlySet<number>;
  /** The table's filters: with no payout ticked in the table, the pending payouts they show start ticked. */
  filters: TransactionFilters;
  settings: PaymentsSummary['settings'] | undefined;
}) {
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const pending = usePendingPayouts(open);
  // The filters show pending payouts unless they ask for another kind or status.
  const filterShowsPayouts =
    (filters.kind === '' || filters.kind === 'payout') &&
    (filters.status === '' || filters.status === 'pending');
  const shown = usePendingPayouts(open && preselected.size === 0 && filterShowsPayouts, filters.q);
  const { process } = usePaymentActions();
  const paypalReady = settings?.mode === 'paypal';
  const [step, setStep] = useState<Step>({ kind: 'select' });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [mode, setMode] = useState<PayoutMode>('manual');
  const [wasOpen, setWasOpen] = useState(false);
  const [startedShown, setStartedShown] = useState<TransactionRow[]>([]);
  // Whether this opening still waits for the filter's pending payouts to tick them.
  const [awaitingShown, setAwaitingShown] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep({ kind: 'select' });
      setChosen(new Set(preselected));
      setStartedShown([]);
      setAwaitingShown(preselected.size === 0 && filterShowsPayouts);
      setMode(paypalReady ? 'paypal' : 'manual');
      process.reset();
    }
  }
  const rows = (pending.data ?? []).filter((row) => row.payout!.status === 'pending');
  // Started and not settled (issue 41): paid by hand (the admin records each), or with PayPal (statuses come back).
  const startedNow = (pending.data ?? []).filter((row) => row.payout!.status === 'processing');
  // A started payout settled here stays listed (with its "Paid · reference") until the dialog closes, though the list
  // read again no longer holds it.
  const unseen = startedNow.filter((row) => !startedShown.some((shown) => shown.id === row.id));
  if (open && unseen.length > 0) setStartedShown([...startedShown, ...unseen]);
  const started = [...startedShown, ...unseen].map(
    (shown) => startedNow.find((row) => row.id === shown.id) ?? shown,
  );
  const byHand = started.filter((row) => row.payout!.mode !== 'paypal');
  const withPaypal = started.filter((row) => row.payout!.mode === 'paypal');
  if (open && awaitingShown && shown.data && pending.data) {
    setAwaitingShown(false);
    const listed = new Set(rows.map((row) => row.payout!.id));
    setChosen(new Set(shown.data.map((row) => row.payout!.id).filter((payoutId) => listed.has(payoutId))));
  }

  // A payout waiting for the creator's tax form (issue 27) cannot be processed: shown, never picked.
  const picked = rows.filter((row) => chosen.has(row.payout!.id) && !row.payout!.waitingForTaxForm);
  const total = picked.reduce((sum, row) => sum + Number(row.amount), 0);
  const toggle = (payoutId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(payoutId)) next.delete(payoutId);
      else next.add(payoutId);
      return next;
    });

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0 || process.isPending) return;
    try {
      const result = await process.mutateAsync({ ids: picked.map((row) => row.payout!.id), mode });
      if (mode === 'manual') {
        setStep({ kind: 'manual', rows: picked });
      } else {
        setStep({ kind: 'paypal', result });
      }
    } catch {
      // Shown below.
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (process.isPending ? undefined : onOpenChange(next))}>
      <DialogContent onCloseAutoFocus={returnFocus} className="max-w-2xl" data-testid="process-dialog">
        <DialogHeader>
          <DialogTitle>Process Payment</DialogTitle>
          <DialogDescription>
            {step.kind === 'manual'
              ? 'Send each amount from your PayPal account, then mark it paid with the transaction id.'
              : paypalReady
                ? `PayPal ${settings?.environment} is configured: payouts can go out through PayPal's Payouts API.`
                : 'PayPal is not configured on this server: pay by hand and record each payment.'}
          </DialogDescription>
        </DialogHeader>

        {step.kind === 'select' ? (
          <div className="flex flex-col gap-5">
            {/* First what is under way (each row is its own form, so it sits outside the start form). */}
            {pending.data ? <StartedPayouts byHand={byHand} withPaypal={withPaypal} /> : null}
            <form noValidate onSubmit={start} className="flex flex-col gap-4">
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-semibold text-slate-800">Pending payouts</legend>
                {pending.isPending ? (
                  <Skeleton className="h-16 w-full" />
                ) : pending.isError ? (
                  <Alert variant="destructive">{getErrorMessage(pending.error)}</Alert>
                ) : rows.length === 0 ? (
                  <p
                    className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600"
                    data-testid="process-none-waiting"
                  >
                    {started.length === 0
                      ? 'No payout is waiting: every request has been processed.'
                      : 'No payout is waiting to be started. The payouts already started are above.'}
                  </p>
                ) : (
                  <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
                    {rows.map((row) => (
                      <li key={row.id}>
                        <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-slate-50">
                          <input
                            type="checkbox"
                            className="size-4 accent-mint-700"
                            checked={chosen.has(row.payout!.id) && !row.payout!.waitingForTaxForm}
                            disabled={row.payout!.waitingForTaxForm}
                            onChange={() => toggle(row.payout!.id)}
                          />
                          <span className="min-w-0 flex-1">
                            <span className="block truncate text-sm font-semibold">
                              {row.influencer?.name ?? 'Unknown'}{' '}
                              <span className="font-normal text-slate-500">to {row.payout!.paypalEmail}</span>
                            </span>
                            <span className="block text-xs text-slate-500">
                              {row.label} · requested {formatShortDate(row.createdAt)} · due{' '}
                              {formatShortDate(`${row.payout!.expectedBy}T12:00:00Z`)}
                            </span>
                            {row.payout!.waitingForTaxForm ? (
                              <span className="block text-xs font-semibold text-amber-800">
                                {TAX_HOLD_ADMIN_LABEL}
                              </span>
                            ) : null}
                          </span>
                          <span className="text-sm font-semibold tabular-nums">{formatUsd(row.amount)}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
              {rows.length === 0 ? null : (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-2 text-sm font-semibold text-slate-800">How</legend>
                  {(
                    [
                      {
                        value: 'paypal' as const,
                        label: 'Pay through PayPal',
                        note: paypalReady
                          ? 'One PayPal batch; statuses come back from PayPal.'
                          : 'Not available: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET on the server.',
                        disabled: !paypalReady,
                      },
                      {
                        value: 'manual' as const,
                        label: 'Pay by hand',
                        note: 'Start them now (the creators can no longer cancel), pay, then record each reference.',
                        disabled: false,
                      },
                    ] as const
                  ).map((option) => (
                    <label
                      key={option.value}
                      className={cn(
                        'flex items-start gap-3 rounded-lg border p-3',
                        mode === option.value ? 'border-mint-600 bg-mint-50' : 'border-slate-200',
                        option.disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${id}-mode`}
                        className="mt-1 accent-mint-700"
                        value={option.value}
                        checked={mode === option.value}
                        disabled={option.disabled}
                        onChange={() => setMode(option.value)}
                      />
                      <span>
                        <span className="block text-sm font-semibold">{option.label}</span>
                        <span className="block text-xs text-slate-600">{option.note}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
              {process.isError ? <Alert variant="destructive">{getErrorMessage(process.error)}</Alert> : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={process.isPending}>
                  {rows.length === 0 ? 'Close' : 'Cancel'}
                </Button>
                {rows.length === 0 ? null : (
                  <Button type="submit" disabled={picked.length === 0 || process.isPending}>
                    {process.isPending ? (
                      <Spinner className={small} label="Working" />
                    ) : (
                      <Send aria-hidden="true" />
                    )}
                    {mode === 'paypal'
                      ? `Send ${formatNumber(picked.length)} to PayPal (${formatUsd(total)})`
                      : `Start ${formatNumber(picked.length)} payout${picked.length === 1 ? '' : 's'} (${formatUsd(total)})`}
                  </Button>
                )}
              </div>
            </form>
          </div>
        ) : step.kind === 'manual' ? (
          <div className="flex flex-col gap-3">
            <ul className="flex flex-col gap-3">
              {step.rows.map((row) => (
                <ManualPayment key={row.id} row={row} />
              ))}
            </ul>
            <div className="flex justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <PaymentRunProgress started={step.result} />
            <div className="flex justify-end">
              <Button onClick={() => onOpenChange(false)}>Close</Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
