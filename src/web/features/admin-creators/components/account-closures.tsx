import { useId, useState } from 'react';
import { ChoiceSelect } from '../../../components/admin/choice-select';
import { ShowMoreButton } from '../../../components/admin/show-more-button';
import { ErrorPanel } from '../../../components/error-panel';
import { Badge } from '../../../components/ui/badge';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableHead } from '../../../components/ui/table-head';
import { formatShortDate } from '../../../lib/format';
import { type ClosureFilter, useAccountClosures } from '../api/account-closures';

const FILTERS: readonly ClosureFilter[] = ['all', 'pending', 'anonymised'];
const FILTER_LABELS: Record<ClosureFilter, string> = {
  all: 'All closures',
  pending: 'Waiting for anonymisation',
  anonymised: 'Anonymised',
};

/** Closed accounts on /admin/influencers (issue 27): when each closed and when it is (or was) anonymised. */
export function AccountClosures() {
  const id = useId();
  const [filter, setFilter] = useState<ClosureFilter>('all');
  const list = useAccountClosures(filter);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-10 flex flex-col gap-3"
      data-testid="account-closures"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Closed accounts
          </h2>
          <p className="text-sm text-slate-600">
            Personal data is removed 90 days after closing; ledger, payouts and tax records stay under the
            anonymous id.
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-filter`}>Show</Label>
          <ChoiceSelect
            id={`${id}-filter`}
            value={filter}
            onChange={setFilter}
            choices={FILTERS}
            labels={FILTER_LABELS}
          />
        </div>
      </div>
      {list.isError ? (
        <ErrorPanel
          title="Closed accounts could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No closed accounts here.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Closed accounts</caption>
            <TableHead
              className="bg-slate-50 text-xs uppercase text-slate-600"
              cellClassName="px-4 py-2"
              columns={['Creator', 'Closed', 'Anonymisation', 'Mint given up', 'Withdrawn']}
            />
            <tbody className="divide-y divide-slate-100">
              {items.map((c) => (
                <tr key={c.creatorId}>
                  <td className="px-4 py-2">
                    <span className="font-medium text-slate-900">{c.name ?? 'Anonymised'}</span>
                    <span className="block font-mono text-xs text-slate-500">{c.anonymousId}</span>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">{formatShortDate(c.closedAt)}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {c.anonymisedAt ? (
                      <Badge variant="secondary">Done {formatShortDate(c.anonymisedAt)}</Badge>
                    ) : (
                      <span>Due {formatShortDate(c.anonymiseAfter)}</span>
                    )}
                  </td>
                  <td className="px-4 py-2">{c.mintGivenUp}</td>
                  <td className="px-4 py-2">{c.applicationsWithdrawn}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.hasNextPage ? (
            <div className="flex justify-center border-t border-slate-100 p-3">
              <ShowMoreButton pages={list} label="Show more closed accounts" size="sm" />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
