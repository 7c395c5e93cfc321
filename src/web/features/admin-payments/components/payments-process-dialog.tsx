import { type FormEvent, useId, useState } from 'react';
import type { PayoutMode } from '../../../../shared/payouts';
import type { PaymentsSummary, ProcessResult, TransactionRow } from '../../../../shared/schemas/payout';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useTickedIds } from '../../../lib/admin-ticked-ids';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { type TransactionFilters, usePaymentActions, usePendingPayouts } from '../api/payments';
import { DialogCloseRow } from './payments-info-dialogs';
import { type PayoutChoice, SelectPayouts } from './payments-process-select';
import { PaymentRunProgress } from './payments-run-progress';
import { ManualPayment } from './payments-started-payouts';

type Step =
  | { kind: 'select' }
  | { kind: 'manual'; rows: TransactionRow[] }
  | { kind: 'paypal'; result: ProcessResult };

interface ProcessPaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preselected: ReadonlySet<number>;
  /** The table's filters: with no payout ticked in the table, the pending payouts they show start ticked. */
  filters: TransactionFilters;
  settings: PaymentsSummary['settings'] | undefined;
}

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
}: ProcessPaymentDialogProps) {
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const { process } = usePaymentActions();
  const paypalReady = settings?.mode === 'paypal';
  const [step, setStep] = useState<Step>({ kind: 'select' });
  const choice = usePayoutChoice({ open, preselected, filters, paypalReady }, () => {
    setStep({ kind: 'select' });
    process.reset();
  });
  const { picked, mode } = choice;

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
          <DialogDescription>{stepDescription(step, settings)}</DialogDescription>
        </DialogHeader>

        {step.kind === 'select' ? (
          <SelectPayouts
            id={id}
            choice={choice}
            paypalReady={paypalReady}
            process={process}
            onStart={start}
            onClose={() => onOpenChange(false)}
          />
        ) : step.kind === 'manual' ? (
          <div className="flex flex-col gap-3">
            <ul className="flex flex-col gap-3">
              {step.rows.map((row) => (
                <ManualPayment key={row.id} row={row} />
              ))}
            </ul>
            <DialogCloseRow onClose={() => onOpenChange(false)} />
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

/**
 * What the first step shows and keeps: the pending payouts (those the table's filters show ticked when none was
 * ticked there), the started ones, the ticks and the way to pay; all set afresh at each opening (`onOpen`).
 */
function usePayoutChoice(
  {
    open,
    preselected,
    filters,
    paypalReady,
  }: Pick<ProcessPaymentDialogProps, 'open' | 'preselected' | 'filters'> & { paypalReady: boolean },
  onOpen: () => void,
): PayoutChoice {
  const pending = usePendingPayouts(open);
  // The filters show pending payouts unless they ask for another kind or status.
  const filterShowsPayouts =
    (filters.kind === '' || filters.kind === 'payout') &&
    (filters.status === '' || filters.status === 'pending');
  const shown = usePendingPayouts(open && preselected.size === 0 && filterShowsPayouts, filters.q);
  const { ticked: chosen, setTicked: setChosen, tick: toggle } = useTickedIds();
  const [mode, setMode] = useState<PayoutMode>('manual');
  const [wasOpen, setWasOpen] = useState(false);
  const [startedShown, setStartedShown] = useState<TransactionRow[]>([]);
  // Whether this opening still waits for the filter's pending payouts to tick them.
  const [awaitingShown, setAwaitingShown] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      onOpen();
      setChosen(new Set(preselected));
      setStartedShown([]);
      setAwaitingShown(preselected.size === 0 && filterShowsPayouts);
      setMode(paypalReady ? 'paypal' : 'manual');
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
  const picked = rows.filter((row) => chosen.has(row.payout!.id) && !row.payout!.heldForTaxForm);
  const total = picked.reduce((sum, row) => sum + Number(row.amount), 0);
  return { pending, rows, started, byHand, withPaypal, chosen, toggle, picked, total, mode, setMode };
}

/** What the dialog says under its title: the manual step's instructions, or whether PayPal is configured. */
function stepDescription(step: Step, settings: PaymentsSummary['settings'] | undefined): string {
  const paypalReady = settings?.mode === 'paypal';
  return step.kind === 'manual'
    ? 'Send each amount from your PayPal account, then mark it paid with the transaction id.'
    : paypalReady
      ? `PayPal ${settings?.environment} is configured: payouts can go out through PayPal's Payouts API.`
      : 'PayPal is not configured on this server: pay by hand and record each payment.';
}
