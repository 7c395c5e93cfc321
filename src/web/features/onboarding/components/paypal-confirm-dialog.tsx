import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PAYPAL_CHANGE_HOLD_HOURS } from '../../../../shared/paypal-hold';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { type PaypalConfirmation, sendPaypalCode } from '../api/onboarding-api';
import { useCountdown } from '../use-countdown';
import { CODE_LENGTH, CodeField } from './code-field';

const RESEND_WAIT_SECONDS = 60;

function SmallSpinner() {
  return <ButtonSpinner label="Please wait" />;
}

/**
 * Confirms a new PayPal email before it is saved: accounts with a password type it (a code is not enough for them);
 * accounts that signed up with a provider (no password) get a 6-digit code at their verified email; accounts with
 * an authenticator app enter a code from it instead (issue 22). `onConfirm` answers an error text, or null when
 * the profile was saved.
 */
export function PaypalConfirmDialog({
  open,
  onOpenChange,
  hasPassword,
  twoFactorEnabled = false,
  verifiedEmail,
  newPaypalEmail,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword: boolean;
  /** An authenticator app is enrolled: its code is the proof. */
  twoFactorEnabled?: boolean;
  verifiedEmail: string;
  newPaypalEmail: string;
  onConfirm: (confirmation: PaypalConfirmation) => Promise<string | null>;
}) {
  const id = useId();
  const mode: 'totp' | 'password' | 'code' = twoFactorEnabled ? 'totp' : hasPassword ? 'password' : 'code';
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [cooldown, startCooldown] = useCountdown();

  function reset() {
    setPassword('');
    setCode('');
    setError(undefined);
    setConfirming(false);
  }

  async function sendCode() {
    setSending(true);
    setError(undefined);
    try {
      await sendPaypalCode();
      setCodeSent(true);
      setCode('');
      startCooldown(RESEND_WAIT_SECONDS);
    } catch (failure) {
      if (failure instanceof ApiError && failure.retryAfterSeconds) {
        startCooldown(failure.retryAfterSeconds);
      }
      setError(getErrorMessage(failure, 'Failed to send verification email'));
    } finally {
      setSending(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (confirming) return;
    if (mode === 'password' && !password) {
      setError('Please enter your password');
      return;
    }
    if (mode !== 'password' && code.length !== CODE_LENGTH) {
      setError(
        mode === 'totp'
          ? 'Please enter the code from your authenticator app'
          : 'Please enter the verification code',
      );
      return;
    }
    setConfirming(true);
    setError(undefined);
    const problem = await onConfirm(
      mode === 'password' ? { currentPassword: password } : mode === 'totp' ? { totpCode: code } : { code },
    );
    setConfirming(false);
    if (problem) {
      setError(problem);
      if (mode !== 'password') setCode('');
    }
  }

  const canConfirm = mode === 'password' ? password.length > 0 : code.length === CODE_LENGTH;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent aria-describedby={`${id}-description`} data-testid="paypal-confirm">
        <DialogHeader>
          <DialogTitle>Confirm your new PayPal email</DialogTitle>
          <DialogDescription id={`${id}-description`}>
            Mint you redeem will be paid to{' '}
            <strong className="break-words text-slate-900">{newPaypalEmail}</strong>. To keep your earnings
            safe, confirm that it's you. After the change, cash-outs pause for {PAYPAL_CHANGE_HOLD_HOURS}{' '}
            hours, and your account email and your previous PayPal email are told.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={confirm} className="flex flex-col gap-4">
          <ErrorAlert message={error} data-testid="paypal-confirm-error" />
          {mode === 'totp' ? (
            <CodeField
              id={`${id}-totp`}
              label="Code from your authenticator app"
              hint="Open your authenticator app and enter the 6-digit code for Mintbox."
              value={code}
              onChange={setCode}
              autoFocus
            />
          ) : mode === 'password' ? (
            <CurrentPasswordField
              id={`${id}-password`}
              label="Current password"
              value={password}
              onChange={setPassword}
            />
          ) : codeSent ? (
            <>
              <p className="text-sm text-slate-600">
                We sent a 6-digit code to{' '}
                <strong className="break-words text-slate-900">{verifiedEmail}</strong>.
              </p>
              <CodeField id={`${id}-code`} value={code} onChange={setCode} autoFocus />
            </>
          ) : (
            <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
              <p>
                We'll email a 6-digit code to <strong className="break-words">{verifiedEmail}</strong>.
              </p>
              <Button variant="outline" onClick={() => void sendCode()} disabled={sending || cooldown > 0}>
                {sending ? <SmallSpinner /> : <MailCheck aria-hidden="true" />}
                Send me a code
              </Button>
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            {mode !== 'code' ? (
              <span />
            ) : codeSent ? (
              <Button
                variant="link"
                size="sm"
                className="px-0"
                disabled={sending || cooldown > 0}
                onClick={() => void sendCode()}
              >
                {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
              </Button>
            ) : (
              <span />
            )}
            {mode !== 'code' || codeSent ? (
              <Button type="submit" disabled={!canConfirm || confirming}>
                {confirming ? <SmallSpinner /> : <KeyRound aria-hidden="true" />}
                Confirm and Save
              </Button>
            ) : null}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
