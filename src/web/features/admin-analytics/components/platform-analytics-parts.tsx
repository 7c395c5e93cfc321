import type { CampaignAnalytics } from '../../../../shared/schemas/content-metrics';
import { NextPageError, ShowMoreButton } from '../../../components/admin/show-more-button';
import { TableHead } from '../../../components/ui/table-head';
import { formatNumber } from '../../../lib/format';

/**
 * Under a list paged 50 at a time (longer than a page): how many rows are shown of how many, "Show more …" while
 * there are more, and why a page could not be read.
 */
export function ShowMore({
  pages,
  shown,
  total,
  noun,
  testId,
}: {
  pages: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    error: unknown;
    data: { pages: unknown[] };
  };
  shown: number;
  total: number;
  noun: 'posts' | 'creators';
  testId: string;
}) {
  // A list that fits in one page shows as it always did.
  if (!pages.hasNextPage && pages.data.pages.length < 2 && !pages.error) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-1">
      <p className="text-xs text-slate-600" data-testid={`${testId}-shown`}>
        {formatNumber(shown)} of {formatNumber(total)} {noun} shown
      </p>
      {pages.hasNextPage ? (
        <ShowMoreButton pages={pages} label={`Show more ${noun}`} data-testid={`${testId}-more`} />
      ) : null}
      {pages.error ? <NextPageError error={pages.error} noun={noun} /> : null}
    </div>
  );
}

/** Followers by age bracket, summed over the creators' connected Instagram accounts: a table with a bar per row. */
export function AgeDemographics({
  demographics,
}: {
  demographics: NonNullable<CampaignAnalytics['demographics']>;
}) {
  const total = demographics.brackets.reduce((sum, b) => sum + b.followers, 0);
  const percent = (n: number) => (total > 0 ? Math.round((n * 1000) / total) / 10 : 0);
  return (
    <div className="flex flex-col gap-2" data-testid="age-demographics">
      <p className="text-sm text-slate-600">
        Followers by age, from {demographics.accounts} connected Instagram{' '}
        {demographics.accounts === 1 ? 'account' : 'accounts'} (source: API).
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">Followers by age</caption>
        <TableHead
          className="text-left text-slate-600"
          cellClassName="py-1.5 font-semibold"
          columns={[
            { label: 'Age', className: 'pr-3' },
            { label: 'Followers', className: 'pr-3 text-right' },
            { label: 'Share', className: 'w-1/2' },
          ]}
        />
        <tbody>
          {demographics.brackets.map((b) => (
            <tr key={b.age} className="border-t border-slate-100">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {b.age}
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatNumber(b.followers)}</td>
              <td className="py-1.5">
                <div className="flex items-center gap-2">
                  <span
                    className="h-2 rounded bg-emerald-600"
                    style={{ width: `${percent(b.followers)}%` }}
                  />
                  <span className="tabular-nums text-slate-600">{percent(b.followers)} %</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
