import type { PaymentRun, PaymentRunOutcome } from '../../../../shared/schemas/payment-run';
import type { ProcessResult } from '../../../../shared/schemas/payout';
import { Alert } from '../../../components/ui/alert';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { usePaymentRun } from '../api/payments';

const TITLES: Record<PaymentRunOutcome, string> = {
  started: 'Sending to PayPal',
  submitted: 'Sent to PayPal',
  retrying: 'Waiting for PayPal',
  refused: 'PayPal refused the batch',
};

/**
 * The payment run Process Payment started (issue 43): the click answered at once, and this follows the run live
 * (PayPal's answer, then how many of its payouts are paid, back or still open) until every payout is final.
 */
export function PaymentRunProgress({ started }: { started: ProcessResult }) {
  const run = usePaymentRun(started.paypal?.runId ?? null);
  return (
    <PaymentRunPanel
      outcome={run.data?.outcome ?? started.paypal?.outcome ?? 'started'}
      message={run.data?.message ?? started.paypal?.message ?? ''}
      run={run.data}
      error={run.isError ? getErrorMessage(run.error) : null}
    />
  );
}

/** What the admin reads about a run: PayPal's answer, the payouts paid, back and open, and whether it is over. */
export function PaymentRunPanel({
  outcome,
  message,
  run,
  error,
}: {
  outcome: PaymentRunOutcome;
  message: string;
  run: PaymentRun | undefined;
  error: string | null;
}) {
  const counts = run?.payouts;
  return (
    <Alert
      variant={outcome === 'refused' ? 'destructive' : 'default'}
      title={TITLES[outcome]}
      data-testid="payment-run"
    >
      <p className="flex items-center gap-2">
        {outcome === 'started' ? <ButtonSpinner label="Sending" /> : null}
        {message}
      </p>
      {counts && outcome !== 'refused' ? (
        <p className="mt-1" data-testid="payment-run-counts">
          {formatNumber(counts.paid)} of {formatNumber(counts.total)} paid
          {counts.failed > 0 ? `, ${formatNumber(counts.failed)} not paid (Mint returned)` : ''}
          {counts.open > 0 ? `, ${formatNumber(counts.open)} in progress` : ''}
        </p>
      ) : null}
      {outcome === 'refused' ? (
        <p className="mt-1">Nothing was paid; the payouts are pending again.</p>
      ) : run?.over ? (
        <p className="mt-1">Every payout in this run is final.</p>
      ) : (
        <p className="mt-1">Statuses are read from PayPal every minute until each payout is final.</p>
      )}
      {error ? <p className="mt-1">{error} The run goes on without this page.</p> : null}
    </Alert>
  );
}
