import type { ReactNode } from 'react';
import type { usePasswordConfirm } from '../lib/use-password-confirm';
import { CurrentPasswordField } from './current-password-field';
import { ErrorAlert } from './ui/alert';

/**
 * A two-factor step the account's password confirms (`usePasswordConfirm`: starting the setup, new backup codes,
 * turning it off): the form named `label`, what the step does, why it failed, the password field, and the step's
 * buttons (`children`).
 */
export function PasswordConfirmForm({
  id,
  confirm,
  label,
  intro,
  errorTestId,
  className,
  children,
}: {
  id: string;
  confirm: ReturnType<typeof usePasswordConfirm>;
  label: string;
  intro: ReactNode;
  errorTestId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={confirm.submit} className={className} aria-label={label}>
      <p className="text-sm text-slate-600">{intro}</p>
      <ErrorAlert message={confirm.error} data-testid={errorTestId} />
      <CurrentPasswordField
        id={id}
        value={confirm.password}
        onChange={confirm.setPassword}
        disabled={confirm.pending}
      />
      {children}
    </form>
  );
}
