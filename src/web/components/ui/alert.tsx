import { AlertCircle, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A message box inside the page; `destructive` ones are announced at once (role alert). */
export function Alert({
  className,
  variant = 'default',
  title,
  children,
  ...props
}: ComponentProps<'div'> & { variant?: 'default' | 'destructive'; title?: string }) {
  const Icon = variant === 'destructive' ? AlertCircle : Info;
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-lg border p-3.5 text-sm',
        variant === 'destructive'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-mint-200 bg-mint-50 text-mint-900',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex min-w-0 flex-col gap-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}

/** A destructive alert with the message, or nothing while there is none (a form's or a dialog's failure). */
export function ErrorAlert({
  message,
  ...props
}: ComponentProps<'div'> & { message: string | null | undefined }) {
  return message ? (
    <Alert variant="destructive" {...props}>
      {message}
    </Alert>
  ) : null;
}
