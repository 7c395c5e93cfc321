import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CalendarClock, Mail, Wallet as WalletIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  PAYOUT_BUSINESS_DAYS,
  PAYOUT_BUSINESS_DAYS_MIN,
  payoutExpectedBy,
} from '../../../../shared/business-days';
import { formatIsoDate } from '../../../../shared/dates';
import { paypalHoldMessage } from '../../../../shared/paypal-hold';
import {
  type RedemptionRequest,
  redemptionRequestSchema,
  type Wallet,
} from '../../../../shared/schemas/payout';
import { reachesTaxThreshold, TAX_FORM_PATH, TAX_HOLD_MESSAGE } from '../../../../shared/tax';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/input';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber, formatUsd } from '../../../lib/format';
import { taxFormQuery } from '../../../lib/tax-form-query';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useRedeem } from '../api/wallet';
import { usePaypalHold } from '../use-paypal-hold';

type Step = { kind: 'amount' } | { kind: 'confirm'; amount: number; idempotencyKey: string };

/** A fresh id for one redemption (the same one is sent again if the creator retries). */
function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Redeem Mint: the amount (from 50, whole Mint, up to the available balance) to the profile's PayPal email, then a
 * confirmation with the amount, the address and the expected paid-by date (the 7th business day from today).
 */
export function RedeemDialog({
  open,
  onOpenChange,
  wallet,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: Wallet;
}) {
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const redeem = useRedeem();
  const hold = usePaypalHold(wallet.paypalEmailChangedAt);
  const taxForm = useQuery({ ...taxFormQuery(), enabled: open });
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const form = useForm<{ amount: number }, unknown, RedemptionRequest>({
    resolver: zodResolver(redemptionRequestSchema) as unknown as Resolver<
      { amount: number },
      unknown,
      RedemptionRequest
    >,
    defaultValues: { amount: wallet.minimum },
  });
  const amountError = form.formState.errors.amount?.message;
  const busy = redeem.isPending;

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setStep({ kind: 'amount' });
      redeem.reset();
      form.reset({ amount: wallet.minimum });
    }
    onOpenChange(next);
  };

  const review = form.handleSubmit(({ amount }) => {
    if (amount > wallet.balance) {
      form.setError('amount', {
        message: `You have ${formatNumber(wallet.balance)} Mint available.`,
      });
      return;
    }
    redeem.reset();
    setStep({ kind: 'confirm', amount, idempotencyKey: newKey() });
  });

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'confirm' || busy) return;
    try {
      const payout = await redeem.mutateAsync({ amount: step.amount, idempotencyKey: step.idempotencyKey });
      toast(
        payout.waitingForTaxForm
          ? { title: 'Redemption requested: waiting for your tax form', description: TAX_HOLD_MESSAGE }
          : {
              title: 'Redemption requested',
              description: `${formatNumber(payout.amount)} Mint to ${payout.paypalEmail}, expected by ${formatIsoDate(payout.expectedBy)}.`,
              variant: 'success',
            },
      );
      setStep({ kind: 'amount' });
      redeem.reset();
      onOpenChange(false);
    } catch {
      // Shown in the dialog; a retry sends the same key, so it can never redeem twice.
    }
  };

  const expectedBy = payoutExpectedBy(new Date());
  // Issue 27: a payout that takes the year to $600 without a form on file waits for it (the server decides; this
  // says so before the creator confirms).
  const willWaitForTaxForm =
    step.kind === 'confirm' &&
    Boolean(
      taxForm.data && !taxForm.data.form && reachesTaxThreshold(taxForm.data.paidThisYear, step.amount),
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={returnFocus} data-testid="redeem-dialog">
        <DialogHeader>
          <DialogTitle>{step.kind === 'amount' ? 'Redeem Mint' : 'Confirm your redemption'}</DialogTitle>
          <DialogDescription>
            1 Mint = 1 USD, paid to your PayPal account. Requests are processed within{' '}
            {PAYOUT_BUSINESS_DAYS_MIN}-{PAYOUT_BUSINESS_DAYS} business days.
          </DialogDescription>
        </DialogHeader>
        {!wallet.paypalEmail ? (
          <Alert variant="destructive" title="No PayPal email yet">
            <p>Add the PayPal email we should pay to in your profile first.</p>
            <Link to="/profile" className={buttonVariants({ size: 'sm', className: 'mt-3' })}>
              Edit profile
            </Link>
          </Alert>
        ) : hold ? (
          <Alert title="Cash-outs paused after your PayPal email change">
            <p>{paypalHoldMessage(hold)}</p>
          </Alert>
        ) : step.kind === 'amount' ? (
          <form noValidate onSubmit={review} className="flex flex-col gap-4">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <WalletIcon aria-hidden="true" className="size-4 text-mint-700" />
              <span>
                Available: <strong data-testid="redeem-available">{formatNumber(wallet.balance)} Mint</strong>
              </span>
            </p>
            <TextField
              id={`${id}-amount`}
              label="Amount (Mint)"
              inputMode="numeric"
              autoComplete="off"
              error={amountError}
              hint={`From ${wallet.minimum} Mint, whole Mint only.`}
              {...form.register('amount', {
                setValueAs: (value: unknown) =>
                  typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : undefined,
              })}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => form.setValue('amount', wallet.minimum, { shouldValidate: true })}
              >
                {wallet.minimum} Mint
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => form.setValue('amount', wallet.balance, { shouldValidate: true })}
              >
                All ({formatNumber(wallet.balance)} Mint)
              </Button>
            </div>
            <div className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <span className="text-slate-600">Paid to your PayPal email</span>
              <span className="flex flex-wrap items-center justify-between gap-2">
                <strong className="break-all text-slate-900" data-testid="redeem-paypal">
                  {wallet.paypalEmail}
                </strong>
                <Link to="/profile" className="text-sm font-semibold text-mint-700 hover:underline">
                  Change
                </Link>
              </span>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit">
                Review
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </form>
        ) : (
          <form noValidate onSubmit={confirm} className="flex flex-col gap-4">
            <dl
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
              data-testid="redeem-summary"
            >
              <div className="flex items-center justify-between gap-3 p-3">
                <dt className="text-slate-600">Amount</dt>
                <dd className="text-right font-semibold text-slate-900">
                  {formatNumber(step.amount)} Mint{' '}
                  <span className="font-normal text-slate-500">({formatUsd(step.amount)})</span>
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3 p-3">
                <dt className="flex items-center gap-1.5 text-slate-600">
                  <Mail aria-hidden="true" className="size-4" />
                  PayPal
                </dt>
                <dd className="text-right font-semibold break-all text-slate-900">{wallet.paypalEmail}</dd>
              </div>
              <div className="flex items-center justify-between gap-3 p-3">
                <dt className="flex items-center gap-1.5 text-slate-600">
                  <CalendarClock aria-hidden="true" className="size-4" />
                  Paid by
                </dt>
                <dd className="text-right font-semibold text-slate-900" data-testid="redeem-paid-by">
                  {willWaitForTaxForm ? 'Once your tax form is on file' : formatIsoDate(expectedBy)}
                </dd>
              </div>
            </dl>
            <p className="text-sm text-slate-600">
              The Mint leaves your balance now. Requests are processed within {PAYOUT_BUSINESS_DAYS_MIN}-
              {PAYOUT_BUSINESS_DAYS} business days; you can cancel until we start processing it.
            </p>
            {willWaitForTaxForm ? (
              <Alert title="This payout will wait for your tax form" data-testid="redeem-tax-note">
                <p>{TAX_HOLD_MESSAGE}</p>
                <Link to={TAX_FORM_PATH} className="font-semibold underline">
                  File your tax form
                </Link>
              </Alert>
            ) : null}
            {redeem.isError ? <Alert variant="destructive">{getErrorMessage(redeem.error)}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button
                variant="ghost"
                onClick={() => {
                  redeem.reset();
                  setStep({ kind: 'amount' });
                }}
                disabled={busy}
              >
                <ArrowLeft aria-hidden="true" />
                Back
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? <ButtonSpinner label="Requesting" /> : null}
                Confirm redemption
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
