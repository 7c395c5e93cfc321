import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { formatIsoDate } from '../../../../shared/dates';
import {
  type Payout,
  type RedemptionRequest,
  redemptionRequestSchema,
  type Wallet,
} from '../../../../shared/schemas/payout';
import type { MyTaxForm } from '../../../../shared/schemas/tax';
import { reachesTaxThreshold, TAX_HOLD_MESSAGE } from '../../../../shared/tax';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { taxFormQuery } from '../../../lib/tax-form-query';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useRedeem } from '../api/wallet';
import { usePaypalHold } from '../use-paypal-hold';
import {
  RedeemAmountForm,
  RedeemConfirmForm,
  type RedeemForm,
  RedeemHeader,
  RedeemUnavailable,
} from './wallet-redeem-steps';

type Step = { kind: 'amount' } | { kind: 'confirm'; amount: number; idempotencyKey: string };

/** A fresh id for one redemption (the same one is sent again if the creator retries). */
function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The amount form, starting at the minimum. */
function useRedeemForm(minimum: number): RedeemForm {
  return useForm<{ amount: number }, unknown, RedemptionRequest>({
    resolver: zodResolver(redemptionRequestSchema) as unknown as Resolver<
      { amount: number },
      unknown,
      RedemptionRequest
    >,
    defaultValues: { amount: minimum },
  });
}

/** What the creator is told once the payout is requested (and whether it waits for the tax form). */
function toastRedeemed(payout: Payout) {
  toast(
    payout.heldForTaxForm
      ? { title: 'Redemption requested: waiting for your tax form', description: TAX_HOLD_MESSAGE }
      : {
          title: 'Redemption requested',
          description: `${formatNumber(payout.amount)} Mint to ${payout.paypalEmail}, expected by ${formatIsoDate(payout.expectedBy)}.`,
          variant: 'success',
        },
  );
}

/**
 * Issue 27: a payout that takes the year to $600 without a form on file waits for it (the server decides; this
 * says so before the creator confirms).
 */
function waitsForTaxForm(taxForm: MyTaxForm | undefined, amount: number): boolean {
  return Boolean(taxForm && !taxForm.form && reachesTaxThreshold(taxForm.paidThisYear, amount));
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
  const returnFocus = useReturnFocus(open);
  const redeem = useRedeem();
  const hold = usePaypalHold(wallet.paypalEmailChangedAt);
  const taxForm = useQuery({ ...taxFormQuery(), enabled: open });
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const form = useRedeemForm(wallet.minimum);
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
      toastRedeemed(payout);
      setStep({ kind: 'amount' });
      redeem.reset();
      onOpenChange(false);
    } catch {
      // Shown in the dialog; a retry sends the same key, so it can never redeem twice.
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={returnFocus} data-testid="redeem-dialog">
        <RedeemHeader confirming={step.kind === 'confirm'} />
        {!wallet.paypalEmail || hold ? (
          <RedeemUnavailable hold={wallet.paypalEmail ? hold : null} />
        ) : step.kind === 'amount' ? (
          <RedeemAmountForm wallet={wallet} form={form} onReview={review} onCancel={() => close(false)} />
        ) : (
          <RedeemConfirmForm
            wallet={wallet}
            amount={step.amount}
            waitsForTaxForm={waitsForTaxForm(taxForm.data, step.amount)}
            error={redeem.isError ? getErrorMessage(redeem.error) : null}
            busy={busy}
            onConfirm={confirm}
            onBack={() => {
              redeem.reset();
              setStep({ kind: 'amount' });
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
