import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { handleStepUp } from '../lib/api-client';
import { type CodeKind, codeFailure, incompleteCodeMessage, stepUp } from '../lib/two-factor';
import { AuthenticatorCodeField } from './authenticator-code-field';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { Spinner } from './ui/spinner';

/**
 * The step-up dialog (issue 22). While it is on the page, an API call answered 403 STEP_UP_REQUIRED (a money
 * action, an export of personal data) opens it; once a code is confirmed the call is made again by the API client,
 * so the page that asked goes on as if nothing happened. Closing it gives up: the call fails with the server's
 * message. Mount one per signed-in frame (the admin layout, the creator's profile).
 */
export function StepUpHost() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<CodeKind>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  /** The waiting API calls (several may ask at once; one code answers them all). */
  const waiting = useRef<Array<(confirmed: boolean) => void>>([]);

  useEffect(
    () =>
      handleStepUp(
        () =>
          new Promise<boolean>((resolve) => {
            waiting.current.push(resolve);
            setOpen(true);
          }),
      ),
    [],
  );

  function finish(confirmed: boolean) {
    const resolvers = waiting.current;
    waiting.current = [];
    for (const resolve of resolvers) resolve(confirmed);
    setOpen(false);
    setCode('');
    setError(undefined);
    setKind('totp');
  }

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
      await stepUp(kind, code);
      setPending(false);
      finish(true);
    } catch (failure) {
      setPending(false);
      setError(codeFailure(failure).message);
      setCode('');
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) finish(false);
      }}
    >
      <DialogContent aria-describedby={`${id}-description`} data-testid="step-up-dialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-mint-700" />
            Confirm it's you
          </DialogTitle>
          <DialogDescription id={`${id}-description`}>
            Payments, Mint adjustments and exports of personal data need a code from your authenticator app.
            It covers the next 10 minutes.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {error ? (
            <Alert variant="destructive" data-testid="step-up-error">
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
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            <Button
              variant="link"
              size="sm"
              className="px-0"
              disabled={pending}
              onClick={() => {
                setKind(kind === 'totp' ? 'backup' : 'totp');
                setCode('');
                setError(undefined);
              }}
            >
              {kind === 'totp' ? 'Use a backup code instead' : 'Use the authenticator app'}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <Spinner
                  className="[&>span:first-child]:size-4 [&>span:first-child]:border-2"
                  label="Checking"
                />
              ) : (
                <ShieldCheck aria-hidden="true" />
              )}
              Confirm
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
