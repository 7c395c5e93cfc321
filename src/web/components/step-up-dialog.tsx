import { ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { handleStepUp } from '../lib/api-client';
import { stepUp } from '../lib/two-factor';
import { useCodeEntry } from '../lib/use-code-entry';
import { AuthenticatorCodeField } from './authenticator-code-field';
import { CodeKindSwitch } from './code-kind-switch';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { ButtonSpinner } from './ui/spinner';

/**
 * The step-up dialog (issue 22). While it is on the page, an API call answered 403 STEP_UP_REQUIRED (a money
 * action, an export of personal data) opens it; once a code is confirmed the call is made again by the API client,
 * so the page that asked goes on as if nothing happened. Closing it gives up: the call fails with the server's
 * message. Mount one per signed-in frame (the admin layout, the creator's profile).
 */
export function StepUpHost() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const entry = useCodeEntry(async (kind, code) => {
    await stepUp(kind, code);
    finish(true);
  });
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
    entry.reset();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !entry.pending) finish(false);
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
        <form noValidate onSubmit={entry.submit} className="flex flex-col gap-4">
          <ErrorAlert message={entry.error} data-testid="step-up-error" />
          <AuthenticatorCodeField
            id={`${id}-code`}
            kind={entry.kind}
            value={entry.code}
            onChange={entry.setCode}
            disabled={entry.pending}
            autoFocus
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            <CodeKindSwitch kind={entry.kind} onSwitch={entry.switchKind} disabled={entry.pending} />
            <Button type="submit" disabled={entry.pending}>
              {entry.pending ? <ButtonSpinner label="Checking" /> : <ShieldCheck aria-hidden="true" />}
              Confirm
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
