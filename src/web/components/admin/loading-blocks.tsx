import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/skeleton';

/**
 * What stands in for a part of an admin screen while it loads: grey blocks in a column, one per class list in
 * `blocks` (their size and shape), announced to screen readers as `label` ("Loading applicants").
 */
export function LoadingBlocks({
  label,
  blocks,
  className,
}: {
  label: string;
  blocks: readonly string[];
  /** The column's gap when not the default `gap-4`. */
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-4', className)} role="status" aria-label={label}>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are a fixed list, never reordered
        <Skeleton key={index} className={block} />
      ))}
    </div>
  );
}
