import type { ReactNode } from 'react';
import { getErrorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

/**
 * The box a list or a section shows when it could not load: what failed, the reason in words (getErrorMessage), and
 * Try again. Announced at once (role alert). `compact` is the smaller box of a panel inside a tab.
 */
export function ErrorPanel({
  title,
  error,
  onRetry,
  compact = false,
  className,
}: {
  title: string;
  /** The failure; its message is shown under the title. Leave it out to show the title alone. */
  error?: unknown;
  onRetry?: () => void;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-xl border border-red-200 bg-red-50 text-center',
        compact ? 'p-5' : 'p-6',
        className,
      )}
    >
      <p className="font-semibold text-red-800">{title}</p>
      {error !== undefined && error !== null ? (
        <p className="mt-1 text-sm text-red-700">{getErrorMessage(error)}</p>
      ) : null}
      {onRetry ? (
        <Button
          className={compact ? 'mt-3' : 'mt-4'}
          variant="outline"
          size={compact ? 'sm' : 'default'}
          onClick={onRetry}
        >
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** A one-line failure inside a section ('Some figures could not be loaded: …'), announced at once. */
export function ErrorNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cn('rounded-lg bg-red-50 p-3 text-sm text-red-800', className)}>
      {children}
    </p>
  );
}
