import { Send } from 'lucide-react';
import type { FormEvent } from 'react';
import type { PayoutMode } from '../../../../shared/payouts';
import type { TransactionRow } from '../../../../shared/schemas/payout';
import { TAX_HOLD_ADMIN_LABEL } from '../../../../shared/tax';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatNumber, formatShortDate, formatUsd } from '../../../lib/format';
import type { usePaymentActions, usePendingPayouts } from '../api/payments';
import { StartedPayouts } from './payments-started-payouts';

/** Process Payment's first step (payments-process-dialog.tsx): what is under way, the payouts to pick, and how. */

export interface PayoutChoice {
  pending: ReturnType<typeof usePendingPayouts>;
  /** The pending payouts, each a checkbox. */
  rows: TransactionRow[];
  /** Started and not settled: by hand and with PayPal. */
  started: TransactionRow[];
  byHand: TransactionRow[];
  withPaypal: TransactionRow[];
  chosen: ReadonlySet<number>;
  toggle: (payoutId: number) => void;
  /** The ticked payouts that can be processed, and their sum. */
  picked: TransactionRow[];
  total: number;
  mode: PayoutMode;
  setMode: (mode: PayoutMode) => void;
}

/** Pick the pending payouts and the way to pay them, then start. */
export function SelectPayouts({
  id,
  choice,
  paypalReady,
  process,
  onStart,
  onClose,
}: {
  id: string;
  choice: PayoutChoice;
  paypalReady: boolean;
  process: ReturnType<typeof usePaymentActions>['process'];
  onStart: (event: FormEvent) => void;
  onClose: () => void;
}) {
  const { pending, rows, byHand, withPaypal, picked, total, mode, setMode } = choice;
  return (
    <div className="flex flex-col gap-5">
      {/* First what is under way (each row is its own form, so it sits outside the start form). */}
      {pending.data ? <StartedPayouts byHand={byHand} withPaypal={withPaypal} /> : null}
      <form noValidate onSubmit={onStart} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Pending payouts</legend>
          <PendingPayouts choice={choice} />
        </fieldset>
        {rows.length === 0 ? null : (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold text-slate-800">How</legend>
            <PayoutModes id={id} mode={mode} setMode={setMode} paypalReady={paypalReady} />
          </fieldset>
        )}
        {process.isError ? <Alert variant="destructive">{getErrorMessage(process.error)}</Alert> : null}
        <FormActions>
          <Button variant="outline" onClick={onClose} disabled={process.isPending}>
            {rows.length === 0 ? 'Close' : 'Cancel'}
          </Button>
          {rows.length === 0 ? null : (
            <Button type="submit" disabled={picked.length === 0 || process.isPending}>
              {process.isPending ? <ButtonSpinner label="Working" /> : <Send aria-hidden="true" />}
              {mode === 'paypal'
                ? `Send ${formatNumber(picked.length)} to PayPal (${formatUsd(total)})`
                : `Start ${formatNumber(picked.length)} payout${picked.length === 1 ? '' : 's'} (${formatUsd(total)})`}
            </Button>
          )}
        </FormActions>
      </form>
    </div>
  );
}

/** The pending payouts, each with its checkbox (one waiting for a tax form shown, never picked). */
function PendingPayouts({ choice }: { choice: PayoutChoice }) {
  const { pending, rows, started, chosen, toggle } = choice;
  return pending.isPending ? (
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
              checked={chosen.has(row.payout!.id) && !row.payout!.heldForTaxForm}
              disabled={row.payout!.heldForTaxForm}
              onChange={() => toggle(row.payout!.id)}
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">
                {row.creator?.name ?? 'Unknown'}{' '}
                <span className="font-normal text-slate-500">to {row.payout!.paypalEmail}</span>
              </span>
              <span className="block text-xs text-slate-500">
                {row.label} · requested {formatShortDate(row.createdAt)} · due{' '}
                {formatShortDate(`${row.payout!.expectedBy}T12:00:00Z`)}
              </span>
              {row.payout!.heldForTaxForm ? (
                <span className="block text-xs font-semibold text-amber-800">{TAX_HOLD_ADMIN_LABEL}</span>
              ) : null}
            </span>
            <span className="text-sm font-semibold tabular-nums">{formatUsd(row.amount)}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** Through PayPal (when the server has its credentials) or by hand. */
function PayoutModes({
  id,
  mode,
  setMode,
  paypalReady,
}: {
  id: string;
  mode: PayoutMode;
  setMode: (mode: PayoutMode) => void;
  paypalReady: boolean;
}) {
  return (
    <>
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
    </>
  );
}
