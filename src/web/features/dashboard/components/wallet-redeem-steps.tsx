import { ArrowLeft, ArrowRight, CalendarClock, Mail, Wallet as WalletIcon } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import {
  PAYOUT_BUSINESS_DAYS,
  PAYOUT_BUSINESS_DAYS_MIN,
  payoutExpectedBy,
} from '../../../../shared/business-days';
import { formatIsoDate } from '../../../../shared/dates';
import { type PaypalHold, paypalHoldMessage } from '../../../../shared/paypal-hold';
import type { RedemptionRequest, Wallet } from '../../../../shared/schemas/payout';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { TextField } from '../../../components/ui/input';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { AS_NUMBER, formFields } from '../../../lib/form-field';
import { formatNumber, formatUsd } from '../../../lib/format';
import { TaxHoldWords } from './tax-hold-words';

export type RedeemForm = UseFormReturn<{ amount: number }, unknown, RedemptionRequest>;

/** Redeem Mint, step 1: the amount (with the minimum and "All" as shortcuts) and the PayPal email it goes to. */
export function RedeemAmountForm({
  wallet,
  form,
  onReview,
  onCancel,
}: {
  wallet: Wallet;
  form: RedeemForm;
  onReview: (event?: FormEvent) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const field = formFields(form, id);
  return (
    <form noValidate onSubmit={onReview} className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <WalletIcon aria-hidden="true" className="size-4 text-mint-700" />
        <span>
          Available: <strong data-testid="redeem-available">{formatNumber(wallet.balance)} Mint</strong>
        </span>
      </p>
      <TextField
        label="Amount (Mint)"
        inputMode="numeric"
        autoComplete="off"
        hint={`From ${wallet.minimum} Mint, whole Mint only.`}
        {...field('amount', AS_NUMBER)}
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
      <FormActions>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">
          Review
          <ArrowRight aria-hidden="true" />
        </Button>
      </FormActions>
    </form>
  );
}

/** Redeem Mint, step 2: what is asked (amount, PayPal, paid-by date or the tax form's wait) and the confirmation. */
export function RedeemConfirmForm({
  wallet,
  amount,
  waitsForTaxForm,
  error,
  busy,
  onConfirm,
  onBack,
}: {
  wallet: Wallet;
  amount: number;
  waitsForTaxForm: boolean;
  error: string | null;
  busy: boolean;
  onConfirm: (event: FormEvent) => void;
  onBack: () => void;
}) {
  return (
    <form noValidate onSubmit={onConfirm} className="flex flex-col gap-4">
      <dl
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
        data-testid="redeem-summary"
      >
        <div className="flex items-center justify-between gap-3 p-3">
          <dt className="text-slate-600">Amount</dt>
          <dd className="text-right font-semibold text-slate-900">
            {formatNumber(amount)} Mint{' '}
            <span className="font-normal text-slate-500">({formatUsd(amount)})</span>
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
            {waitsForTaxForm ? 'Once your tax form is on file' : formatIsoDate(payoutExpectedBy(new Date()))}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        The Mint leaves your balance now. Requests are processed within {PAYOUT_BUSINESS_DAYS_MIN}-
        {PAYOUT_BUSINESS_DAYS} business days; you can cancel until we start processing it.
      </p>
      {waitsForTaxForm ? (
        <Alert title="This payout will wait for your tax form" data-testid="redeem-tax-note">
          <TaxHoldWords />
        </Alert>
      ) : null}
      <ErrorAlert message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <ButtonSpinner label="Requesting" /> : null}
          Confirm redemption
        </Button>
      </div>
    </form>
  );
}

/** The dialog's title and the rule it works by. */
export function RedeemHeader({ confirming }: { confirming: boolean }) {
  return (
    <DialogHeader>
      <DialogTitle>{confirming ? 'Confirm your redemption' : 'Redeem Mint'}</DialogTitle>
      <DialogDescription>
        1 Mint = 1 USD, paid to your PayPal account. Requests are processed within {PAYOUT_BUSINESS_DAYS_MIN}-
        {PAYOUT_BUSINESS_DAYS} business days.
      </DialogDescription>
    </DialogHeader>
  );
}

/** Why no redemption can start: no PayPal email yet (`hold` null), or the pause after a PayPal email change. */
export function RedeemUnavailable({ hold }: { hold: PaypalHold | null }) {
  return hold ? (
    <Alert title="Cash-outs paused after your PayPal email change">
      <p>{paypalHoldMessage(hold)}</p>
    </Alert>
  ) : (
    <Alert variant="destructive" title="No PayPal email yet">
      <p>Add the PayPal email we should pay to in your profile first.</p>
      <Link to="/profile" className={buttonVariants({ size: 'sm', className: 'mt-3' })}>
        Edit profile
      </Link>
    </Alert>
  );
}
