import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A text input; `aria-invalid` turns its border red. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 transition-colors placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-mint-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-mint-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70 aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn('text-sm font-semibold text-slate-800', className)} {...props} />;
}

/**
 * A field's own error message, tied to the input with aria-describedby; `detail` says more precisely what is wrong
 * (read out with it), under the message, which stays the spec's text.
 */
export function FieldError({
  id,
  message,
  detail,
}: {
  id: string;
  message?: string | undefined;
  detail?: string | undefined;
}) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
      {detail ? <span className="block font-normal">{detail}</span> : null}
    </p>
  );
}

/** The field's accessible wiring: which hint and error describe the control, and whether it is invalid. */
export function fieldAria(id: string, error?: string, hint?: string) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** Label above, hint and error below, for any control whose props come from fieldAria. */
export function FieldFrame({
  id,
  label,
  error,
  errorDetail,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  errorDetail?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} detail={errorDetail} />
    </div>
  );
}

/**
 * The frame of a control in a compact form (a line of a card, a row of a dialog): its label in small type just
 * above it. Such forms show their errors once for the whole form, so there is no hint or error here.
 */
export function CompactField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * A labelled input with its error message (works with react-hook-form's `register(...)` spread into it): the error
 * marks the input invalid and is read out with it.
 */
export function TextField({
  label,
  error,
  errorDetail,
  hint,
  id,
  className,
  ...props
}: ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  /** What exactly is wrong, under the error message. */
  errorDetail?: string | undefined;
  hint?: string | undefined;
  id: string;
}) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      errorDetail={errorDetail}
      hint={hint}
      className={className}
    >
      <Input id={id} {...fieldAria(id, error, hint)} {...props} />
    </FieldFrame>
  );
}

/**
 * A password field. `current` lets the browser fill in the saved password (signing in, confirming a change); `new`
 * lets it offer a new one (signing up, resetting).
 */
export function PasswordField({
  kind,
  label = 'Password',
  ...props
}: Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'label'> & {
  kind: 'current' | 'new';
  label?: string;
}) {
  return <TextField label={label} type="password" autoComplete={`${kind}-password`} {...props} />;
}
