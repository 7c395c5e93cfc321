import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-mint-200 border-t-mint-700"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The small spinner a button shows while its call runs (in place of, or before, its icon). */
export function ButtonSpinner({ label, className }: { label: string; className?: string }) {
  return (
    <Spinner
      className={cn('[&>span:first-child]:size-4 [&>span:first-child]:border-2', className)}
      label={label}
    />
  );
}
