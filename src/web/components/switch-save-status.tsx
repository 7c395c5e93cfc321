import { useState } from 'react';
import { getErrorMessage } from '../lib/api-client';
import { toastFailure } from './failure-toast';
import { toast } from './ui/toast';

/**
 * A switch saved at once (the mail settings, issue 13): `outcome(message)` gives the save's callbacks, which say
 * `message` (or why it was not saved) in the status line under the switches and in a toast titled "`setting` saved"
 * or "`setting` not saved"; `fallback` is what a failure says when the error carries no words of its own.
 */
export function useSwitchSaveStatus(setting: string, fallback: string) {
  const [status, setStatus] = useState('');
  const outcome = (message: string) => ({
    onSuccess: () => {
      setStatus(message);
      toast({ title: `${setting} saved`, description: message, variant: 'success' });
    },
    onError: (error: unknown) => {
      setStatus(`Not saved: ${getErrorMessage(error, fallback)}`);
      toastFailure(`${setting} not saved`, error, fallback);
    },
  });
  return { status, clear: () => setStatus(''), outcome };
}

/** The status line that reads the outcome out (polite), keeping its height while empty. */
export function SwitchSaveStatus({ status, testId }: { status: string; testId?: string }) {
  return (
    <p className="min-h-5 text-sm text-slate-600" role="status" aria-live="polite" data-testid={testId}>
      {status}
    </p>
  );
}
