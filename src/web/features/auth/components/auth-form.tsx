import { type ComponentProps, type FormEventHandler, type ReactNode, useId, useState } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/input';
import { getErrorMessage } from '../../../lib/api-client';
import { formFields } from '../../../lib/form-field';

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

/**
 * What an `AuthForm`'s page keeps: the form checked by `resolver`, its fields, and a submit that tells the page it started,
 * runs `send` and shows a refusal in words (`failed` when the error has none).
 */
export function useAuthForm<T extends FieldValues>({
  resolver,
  defaultValues,
  onSubmitStart,
  send,
  failed,
}: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  onSubmitStart?: (() => void) | undefined;
  send: (values: T) => Promise<void>;
  failed: string;
}) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<T>({ resolver, defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    onSubmitStart?.();
    try {
      await send(values);
    } catch (error) {
      setServerError(getErrorMessage(error, failed));
    }
  });
  return { form, field: formFields(form, id), onSubmit, serverError, setServerError };
}
