import { type FormEvent, useState } from 'react';
import { getErrorMessage } from './api-client';

/**
 * A form that confirms an action with the account's password (starting two-factor setup, new backup codes, turning
 * two-factor off): an empty password is refused, a wrong one is told plainly, `fallback` says any other failure.
 */
export function usePasswordConfirm(action: (password: string) => Promise<void>, fallback: string) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setError('Please enter your password.');
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await action(password);
    } catch (failure) {
      setError(
        getErrorMessage(failure, fallback).replace(/^Invalid password$/, 'The password is not correct.'),
      );
    } finally {
      setPending(false);
    }
  }

  function clear() {
    setPassword('');
    setError(undefined);
  }

  return { password, setPassword, error, pending, submit, clear };
}
