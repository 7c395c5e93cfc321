import { type FormEvent, useState } from 'react';
import { type CodeKind, codeFailure, incompleteCodeMessage } from './two-factor';

/**
 * The state of a second-factor code form (sign-in step, step-up, enrolment): which kind of code, what was typed,
 * the error shown and whether the check runs. `submit` refuses an incomplete code, then calls `check`; a refused
 * code is cleared and its message shown, unless the challenge is over and `onRestart` is given (a new sign-in).
 * After a successful check `pending` stays on: the caller moves on (or calls `reset`).
 */
export function useCodeEntry(
  check: (kind: CodeKind, code: string) => Promise<void>,
  onRestart?: (message: string) => void,
) {
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
      await check(kind, code);
    } catch (failure) {
      setPending(false);
      const { message, restart } = codeFailure(failure);
      if (restart && onRestart) {
        onRestart(message);
        return;
      }
      setError(message);
      setCode('');
    }
  }

  /** From an app code to a backup code and back; what was typed goes. */
  function switchKind() {
    setKind(kind === 'totp' ? 'backup' : 'totp');
    setCode('');
    setError(undefined);
  }

  function reset() {
    setKind('totp');
    setCode('');
    setError(undefined);
    setPending(false);
  }

  return { kind, code, setCode, error, pending, submit, switchKind, reset };
}
