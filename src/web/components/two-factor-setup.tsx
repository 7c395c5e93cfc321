import { Check, Copy, KeyRound, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type Enrolment, enableTwoFactor, manualEntryKey, verifyCode } from '../lib/two-factor';
import { useCodeEntry } from '../lib/use-code-entry';
import { usePasswordConfirm } from '../lib/use-password-confirm';
import { AuthenticatorCodeField } from './authenticator-code-field';
import { BackupCodes, useCopy } from './backup-codes';
import { PasswordConfirmForm } from './password-confirm-form';
import { QrCode } from './qr-code';
import { Alert, ErrorAlert } from './ui/alert';
import { Button } from './ui/button';
import { FormActions } from './ui/form-actions';
import { ButtonSpinner } from './ui/spinner';

type Cancel = (() => void) | undefined;

/**
 * Enrolment in an authenticator app (issue 22): the password starts it (Better Auth's /two-factor/enable gives a
 * secret and ten backup codes), the QR code (drawn here) or the key typed by hand puts it in the app, and a first
 * code from the app switches two-factor on. The backup codes are shown then, once. `onDone` runs after that.
 */
export function TwoFactorSetup({
  account,
  onDone,
  onCancel,
  onEnabled,
}: {
  /** The account's email, named in the backup-codes file. */
  account: string;
  onDone: () => void | Promise<void>;
  /** Told as soon as the code is verified (two factors are on), before the backup codes are saved. */
  onEnabled?: (() => void) | undefined;
  onCancel?: Cancel;
}) {
  const [step, setStep] = useState<'password' | 'scan' | 'codes'>('password');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);

  if (step === 'password') {
    return (
      <PasswordStep
        onCancel={onCancel}
        onStarted={(started) => {
          setEnrolment(started);
          setStep('scan');
        }}
      />
    );
  }
  if (step === 'scan' && enrolment) {
    return (
      <ScanStep
        totpURI={enrolment.totpURI}
        onCancel={onCancel}
        onEnabled={() => {
          setStep('codes');
          onEnabled?.();
        }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-enrolled">
      <Alert title="Two-factor authentication is on">
        <p>
          Save these backup codes somewhere safe. Each one signs you in once if your phone is not at hand.
          They are shown only now.
        </p>
      </Alert>
      <BackupCodes codes={enrolment?.backupCodes ?? []} account={account} />
      <Button className="self-end" onClick={() => void onDone()}>
        <Check aria-hidden="true" />
        I've saved my codes
      </Button>
    </div>
  );
}

const SETUP_ERROR_TEST_ID = 'two-factor-setup-error';

function SetupError({ error }: { error: string | undefined }) {
  return <ErrorAlert message={error} data-testid={SETUP_ERROR_TEST_ID} />;
}

/** Cancel (when the setup may be left) and the step's own button. */
function SetupButtons({
  onCancel,
  pending,
  children,
}: {
  onCancel: Cancel;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <FormActions>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" disabled={pending}>
        {children}
      </Button>
    </FormActions>
  );
}

/** Step 1: the password starts the enrolment. */
function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (enrolment: Enrolment) => void;
  onCancel: Cancel;
}) {
  const id = useId();
  const confirm = usePasswordConfirm(async (password) => {
    const started = await enableTwoFactor(password);
    onStarted(started);
  }, 'Two-factor authentication could not be started. Please try again.');
  return (
    <PasswordConfirmForm
      id={`${id}-password`}
      confirm={confirm}
      label="Start two-factor setup"
      intro="You'll need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator, 1Password or Authy. Confirm your password to begin."
      errorTestId={SETUP_ERROR_TEST_ID}
      className="flex flex-col gap-4"
    >
      <SetupButtons onCancel={onCancel} pending={confirm.pending}>
        {confirm.pending ? <ButtonSpinner label="Starting" /> : <KeyRound aria-hidden="true" />}
        Continue
      </SetupButtons>
    </PasswordConfirmForm>
  );
}

/** Step 2: the app takes the secret (QR code or key), and its first code switches two-factor on. */
function ScanStep({
  totpURI,
  onEnabled,
  onCancel,
}: {
  totpURI: string;
  onEnabled: () => void;
  onCancel: Cancel;
}) {
  const id = useId();
  const entry = useCodeEntry(async (_kind, code) => {
    await verifyCode('totp', code);
    onEnabled();
  });
  return (
    <form
      noValidate
      onSubmit={entry.submit}
      className="flex flex-col gap-5"
      aria-label="Confirm your authenticator app"
    >
      <ol className="flex flex-col gap-5 text-sm text-slate-700">
        <li className="flex flex-col gap-3">
          <p>
            <span className="font-semibold text-slate-900">1. Scan this QR code</span> with your authenticator
            app.
          </p>
          <SetupKey totpURI={totpURI} />
        </li>
        <li className="flex flex-col gap-3">
          <p>
            <span className="font-semibold text-slate-900">2. Enter the 6-digit code</span> the app shows for
            Mintbox.
          </p>
          <SetupError error={entry.error} />
          <AuthenticatorCodeField
            id={`${id}-code`}
            kind="totp"
            value={entry.code}
            onChange={entry.setCode}
            disabled={entry.pending}
          />
        </li>
      </ol>
      <SetupButtons onCancel={onCancel} pending={entry.pending}>
        {entry.pending ? <ButtonSpinner label="Checking" /> : <ShieldCheck aria-hidden="true" />}
        Verify and turn on
      </SetupButtons>
    </form>
  );
}

/** The QR code, and the key to type by hand with its Copy button. */
function SetupKey({ totpURI }: { totpURI: string }) {
  const { copied, copy } = useCopy();
  const key = manualEntryKey(totpURI);
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <QrCode
        value={totpURI}
        label="QR code to add Mintbox to your authenticator app"
        className="size-44 shrink-0 rounded-lg border border-slate-200"
      />
      <div className="flex w-full min-w-0 flex-col gap-2">
        <p>Can't scan it? Choose "enter a setup key" in the app and type this key (time based):</p>
        <code
          className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-words text-slate-900"
          data-testid="totp-key"
        >
          {key}
        </code>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void copy('key', key.replace(/\s/g, ''))}
        >
          {copied === 'key' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'key' ? 'Copied' : 'Copy key'}
        </Button>
      </div>
    </div>
  );
}
