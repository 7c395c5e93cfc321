import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
  );
}

/**
 * What stands in a list's place while it loads: one grey block per class in `blocks` (each block's size), under one
 * status announced as `label` ("Loading your payouts").
 */
export function LoadingBlocks({
  label,
  blocks,
  className = 'flex flex-col gap-3',
}: {
  label: string;
  blocks: string[];
  className?: string;
}) {
  return (
    <div className={className} role="status" aria-label={label}>
      {blocks.map((block, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders that never move; two may have the same size
        <Skeleton key={position} className={block} />
      ))}
    </div>
  );
}
