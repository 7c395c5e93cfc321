import { Upload } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { buttonVariants } from './button';

/**
 * A file input that looks like the rest of the form: a labelled outline button and the chosen file's name. The real
 * input stays in the page (visually hidden), so Tab reaches it, Space or Enter opens the picker, and the field's own
 * <Label htmlFor={id}> still names it; its focus ring, disabled and invalid states show on the button.
 */
export function FileInput({
  id,
  buttonLabel,
  fileName,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  id: string;
  buttonLabel: string;
  /** What was chosen last (shown next to the button); null: "No file chosen". */
  fileName: string | null;
}) {
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-3', className)}>
      <input id={id} type="file" className="peer sr-only" {...props} />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-mint-600',
          'peer-disabled:cursor-not-allowed peer-disabled:opacity-50 peer-aria-invalid:border-red-600',
        )}
      >
        <Upload aria-hidden="true" />
        {buttonLabel}
      </label>
      <span className="min-w-0 truncate text-sm text-slate-600" aria-live="polite">
        {fileName ?? 'No file chosen'}
      </span>
    </div>
  );
}
