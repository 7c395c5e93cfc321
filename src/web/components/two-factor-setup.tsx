import { Check, Copy, Download, KeyRound, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { getErrorMessage } from '../lib/api-client';
import { saveFile } from '../lib/download';
import {
  backupCodesFile,
  codeFailure,
  type Enrolment,
  enableTwoFactor,
  incompleteCodeMessage,
  manualEntryKey,
  verifyCode,
} from '../lib/two-factor';
import { AuthenticatorCodeField } from './authenticator-code-field';
import { QrCode } from './qr-code';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { TextField } from './ui/input';
import { Spinner } from './ui/spinner';

function SmallSpinner({ label }: { label: string }) {
  return <Spinner className="[&>span:first-child]:size-4 [&>span:first-child]:border-2" label={label} />;
}

/** Copies text to the clipboard; answers whether it worked (the button says so for a moment). */
function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  async function copy(what: string, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      setTimeout(() => setCopied((current) => (current === what ? null : current)), 2000);
    } catch {
      setCopied(null);
    }
  }
  return { copied, copy };
}

/** Backup codes, shown once, with Copy and Download (a text file). */
export function BackupCodes({ codes, account }: { codes: string[]; account: string }) {
  const { copied, copy } = useCopy();
  return (
    <div className="flex flex-col gap-3">
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 font-mono text-sm sm:grid-cols-2"
        aria-label="Backup codes"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-md bg-white px-2 py-1.5 text-center tracking-wider text-slate-900"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy('codes', codes.join('\n'))}>
          {copied === 'codes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'codes' ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            saveFile(
              new Blob([backupCodesFile(codes, account)], { type: 'text/plain' }),
              'mintbox-backup-codes.txt',
            )
          }
        >
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
    </div>
  );
}

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
  onCancel?: (() => void) | undefined;
}) {
  const id = useId();
  const [step, setStep] = useState<'password' | 'scan' | 'codes'>('password');
  const [password, setPassword] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const { copied, copy } = useCopy();

  async function start(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setError('Please enter your password.');
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      setEnrolment(await enableTwoFactor(password));
      setPassword('');
      setStep('scan');
    } catch (failure) {
      setError(
        getErrorMessage(failure, 'Two-factor authentication could not be started. Please try again.').replace(
          /^Invalid password$/,
          'The password is not correct.',
        ),
      );
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const incomplete = incompleteCodeMessage('totp', code);
    if (incomplete) {
      setError(incomplete);
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await verifyCode('totp', code);
      setStep('codes');
      onEnabled?.();
    } catch (failure) {
      setError(codeFailure(failure).message);
      setCode('');
    } finally {
      setPending(false);
    }
  }

  const errorBox = error ? (
    <Alert variant="destructive" data-testid="two-factor-setup-error">
      {error}
    </Alert>
  ) : null;

  if (step === 'password') {
    return (
      <form noValidate onSubmit={start} className="flex flex-col gap-4" aria-label="Start two-factor setup">
        <p className="text-sm text-slate-600">
          You'll need an authenticator app on your phone, such as Google Authenticator, Microsoft
          Authenticator, 1Password or Authy. Confirm your password to begin.
        </p>
        {errorBox}
        <TextField
          id={`${id}-password`}
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={pending}
          autoFocus
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={pending}>
            {pending ? <SmallSpinner label="Starting" /> : <KeyRound aria-hidden="true" />}
            Continue
          </Button>
        </div>
      </form>
    );
  }

  if (step === 'scan' && enrolment) {
    const key = manualEntryKey(enrolment.totpURI);
    return (
      <form
        noValidate
        onSubmit={confirm}
        className="flex flex-col gap-5"
        aria-label="Confirm your authenticator app"
      >
        <ol className="flex flex-col gap-5 text-sm text-slate-700">
          <li className="flex flex-col gap-3">
            <p>
              <span className="font-semibold text-slate-900">1. Scan this QR code</span> with your
              authenticator app.
            </p>
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <QrCode
                value={enrolment.totpURI}
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
          </li>
          <li className="flex flex-col gap-3">
            <p>
              <span className="font-semibold text-slate-900">2. Enter the 6-digit code</span> the app shows
              for Mintbox.
            </p>
            {errorBox}
            <AuthenticatorCodeField
              id={`${id}-code`}
              kind="totp"
              value={code}
              onChange={setCode}
              disabled={pending}
            />
          </li>
        </ol>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={pending}>
            {pending ? <SmallSpinner label="Checking" /> : <ShieldCheck aria-hidden="true" />}
            Verify and turn on
          </Button>
        </div>
      </form>
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
