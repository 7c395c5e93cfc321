import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A form's buttons: in a row at the right from the `sm` width, stacked with the last (the main one) on top below it. */
export function FormActions({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
