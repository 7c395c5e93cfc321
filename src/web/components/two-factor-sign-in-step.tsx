import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { verifyCode } from '../lib/two-factor';
import { useCodeEntry } from '../lib/use-code-entry';
import { AuthenticatorCodeField } from './authenticator-code-field';
import { CodeKindSwitch } from './code-kind-switch';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';
import { ButtonSpinner } from './ui/spinner';

/**
 * The second step of a password sign-in for an account with an authenticator app (the server answered "code
 * required" and set its two_factor cookie): a code from the app, or a backup code. `onVerified` runs once the
 * session exists; `onRestart` when only a new sign-in helps (the challenge expired or ran out of tries).
 */
export function TwoFactorSignInStep({
  onVerified,
  onRestart,
}: {
  onVerified: () => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const id = useId();
  const entry = useCodeEntry(async (kind, code) => {
    await verifyCode(kind, code);
    await onVerified();
  }, onRestart);
  const { kind, pending } = entry;

  return (
    <form
      noValidate
      onSubmit={entry.submit}
      className="flex flex-col gap-4"
      aria-label="Two-factor code"
      data-testid="two-factor-step"
    >
      <p className="text-sm text-slate-600">
        {kind === 'totp'
          ? 'Open your authenticator app and enter the 6-digit code for Mintbox.'
          : 'Enter one of the backup codes you saved when you set up two-factor authentication. Each works once.'}
      </p>
      <ErrorAlert message={entry.error} data-testid="two-factor-error" />
      <AuthenticatorCodeField
        id={`${id}-code`}
        kind={kind}
        value={entry.code}
        onChange={entry.setCode}
        disabled={pending}
        autoFocus
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? <ButtonSpinner label="Checking" /> : <KeyRound aria-hidden="true" />}
        Verify
      </Button>
      <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
        <CodeKindSwitch kind={kind} onSwitch={entry.switchKind} disabled={pending} />
        <Button
          variant="link"
          size="sm"
          className="px-0 text-slate-600"
          onClick={() => onRestart('')}
          disabled={pending}
        >
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
