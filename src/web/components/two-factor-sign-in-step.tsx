import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type CodeKind, codeFailure, incompleteCodeMessage, verifyCode } from '../lib/two-factor';
import { AuthenticatorCodeField } from './authenticator-code-field';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

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
  const [kind, setKind] = useState<CodeKind>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const incomplete = incompleteCodeMessage(kind, code);
    if (incomplete) {
      setError(incomplete);
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await verifyCode(kind, code);
      await onVerified();
    } catch (failure) {
      setPending(false);
      const { message, restart } = codeFailure(failure);
      if (restart) {
        onRestart(message);
        return;
      }
      setError(message);
      setCode('');
    }
  }

  function switchKind() {
    setKind(kind === 'totp' ? 'backup' : 'totp');
    setCode('');
    setError(undefined);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Two-factor code"
      data-testid="two-factor-step"
    >
      <p className="text-sm text-slate-600">
        {kind === 'totp'
          ? 'Open your authenticator app and enter the 6-digit code for Mintbox.'
          : 'Enter one of the backup codes you saved when you set up two-factor authentication. Each works once.'}
      </p>
      {error ? (
        <Alert variant="destructive" data-testid="two-factor-error">
          {error}
        </Alert>
      ) : null}
      <AuthenticatorCodeField
        id={`${id}-code`}
        kind={kind}
        value={code}
        onChange={setCode}
        disabled={pending}
        autoFocus
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? (
          <Spinner className="[&>span:first-child]:size-4 [&>span:first-child]:border-2" label="Checking" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        Verify
      </Button>
      <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
        <Button variant="link" size="sm" className="px-0" onClick={switchKind} disabled={pending}>
          {kind === 'totp' ? 'Use a backup code instead' : 'Use the authenticator app'}
        </Button>
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
