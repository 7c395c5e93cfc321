import type { LedgerEntry } from '../../../../shared/schemas/payout';
import { ErrorPanel } from '../../../components/error-panel';
import { Button } from '../../../components/ui/button';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatNumber, formatShortDate } from '../../../lib/format';
import { useWalletHistory } from '../api/wallet';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  reward: 'Reward',
  redemption: 'Redeemed',
  reversal: 'Returned',
  adjustment: 'Adjustment',
};

/** Every Mint movement of the creator, newest first, 20 at a time. */
export function WalletHistory() {
  const history = useWalletHistory();
  if (history.isPending) {
    return (
      <LoadingBlocks
        label="Loading your Mint history"
        blocks={['h-10 w-full', 'h-10 w-full']}
        className="flex flex-col gap-2"
      />
    );
  }
  if (history.isError) {
    return (
      <ErrorPanel compact title="We couldn't load your Mint history." onRetry={() => history.refetch()} />
    );
  }
  const entries = history.data.pages.flatMap((page) => page.entries);
  const total = history.data.pages[0]?.entriesTotal ?? 0;
  if (entries.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600">
        No Mint yet. Rewards for approved content, redemptions and returns will be listed here.
      </p>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ul className="divide-y divide-slate-100" data-testid="wallet-history">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-3 px-4 py-3" data-testid="wallet-entry">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium break-words text-slate-900">{entry.description}</p>
              <p className="text-xs text-slate-500">
                {KIND_LABELS[entry.kind]} ·{' '}
                <time dateTime={entry.createdAt}>{formatShortDate(entry.createdAt)}</time>
              </p>
            </div>
            <span
              className={cn(
                'shrink-0 text-sm font-semibold tabular-nums',
                entry.amount >= 0 ? 'text-green-700' : 'text-red-700',
              )}
            >
              {entry.amount >= 0 ? '+' : '−'}
              {formatNumber(Math.abs(entry.amount))} Mint
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:justify-between">
        <span>
          {formatNumber(entries.length)} of {formatNumber(total)} movements
        </span>
        {history.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            Show more
          </Button>
        ) : null}
      </div>
    </div>
  );
}
