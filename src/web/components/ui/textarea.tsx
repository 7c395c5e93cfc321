import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FieldFrame, fieldAria } from './input';

/** A multi-line text input; `aria-invalid` turns its border red. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 transition-colors placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-mint-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-mint-600 disabled:cursor-not-allowed disabled:bg-slate-50 aria-invalid:border-red-600 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** A labelled textarea with its hint and error message (works with react-hook-form's `register(...)`). */
export function TextareaField({
  label,
  error,
  hint,
  id,
  className,
  ...props
}: ComponentProps<'textarea'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id: string;
}) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <Textarea id={id} {...fieldAria(id, error, hint)} {...props} />
    </FieldFrame>
  );
}
