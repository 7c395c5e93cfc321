import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/input';

/** A sign-in page's form: named for screen readers, the server's refusal on top, then its fields. */
export function AuthForm({
  label,
  error,
  errorTestId,
  onSubmit,
  children,
}: {
  label: string;
  error: string | null;
  errorTestId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={label}>
      <ErrorAlert message={error} data-testid={errorTestId} />
      {children}
    </form>
  );
}

/** The email field of the sign-in, sign-up and reset forms (register(...) spreads into it). */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
