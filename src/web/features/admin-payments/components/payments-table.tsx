import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { PAYOUT_STATUS_LABELS, TRANSACTION_KIND_LABELS } from '../../../../shared/payouts';
import type { TransactionRow } from '../../../../shared/schemas/payout';
import { TAX_HOLD_ADMIN_LABEL } from '../../../../shared/tax';
import { AdminEmptyState } from '../../../components/admin/admin-layout';
import { ErrorPanel } from '../../../components/error-panel';
import { Pagination } from '../../../components/pagination';
import { TransactionStatusBadge } from '../../../components/transaction-status-badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatShortDate, formatUsd } from '../../../lib/format';
import { TRANSACTIONS_PAGE_SIZE, type useTransactions } from '../api/payments';

const SKELETON_ROWS = Array.from({ length: 5 }, (_, i) => `row-${i}`);

/** Spec §2: the influencer's name and username, or Unknown / @unknown. */
function Influencer({ row }: { row: TransactionRow }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-slate-900" data-testid="cell-influencer-name">
        {row.influencer?.name ?? 'Unknown'}
      </p>
      <p className="truncate text-xs text-slate-500" data-testid="cell-influencer-username">
        @{row.influencer?.username ?? 'unknown'}
      </p>
    </div>
  );
}

/** What a payout is doing beyond its transaction status (processing by hand, at PayPal, unclaimed …). */
function PayoutNote({ row }: { row: TransactionRow }) {
  const payout = row.payout;
  if (payout?.waitingForTaxForm) {
    return (
      <span className="text-xs font-semibold text-amber-800" data-testid="payout-tax-hold">
        {TAX_HOLD_ADMIN_LABEL}
      </span>
    );
  }
  if (!payout || (payout.status !== 'processing' && payout.status !== 'returned')) return null;
  const text =
    payout.status === 'processing'
      ? payout.mode === 'manual'
        ? 'Processing · paying by hand'
        : `Processing · PayPal${payout.paypalStatus ? ` ${payout.paypalStatus}` : ''}`
      : PAYOUT_STATUS_LABELS[payout.status];
  return <span className="text-xs text-slate-500">{text}</span>;
}

function Amount({ row }: { row: TransactionRow }) {
  const value = Number(row.amount);
  return (
    <span className={value < 0 ? 'text-red-700' : undefined} data-testid="cell-amount">
      {formatUsd(row.amount)}
    </span>
  );
}

/**
 * The 'Payments & Transactions' table of spec §2: Date, Influencer, Campaign, Amount in dollars, Status, newest
 * first. Pending payouts can be ticked for Process Payment; a payout opens its details.
 */
export function PaymentsTable({
  list,
  page,
  goToPage,
  selected,
  toggle,
  openPayout,
  filtered,
  clearFilters,
}: {
  list: ReturnType<typeof useTransactions>;
  page: number;
  goToPage: (page: number, cursor: string) => void;
  selected: ReadonlySet<number>;
  toggle: ((payoutId: number) => void) | undefined;
  openPayout: (payoutId: number) => void;
  filtered: boolean;
  clearFilters: () => void;
}) {
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  if (list.isError && !list.data) {
    return (
      <ErrorPanel title="We couldn't load transactions." error={list.error} onRetry={() => list.refetch()} />
    );
  }
  if (list.data && items.length === 0) {
    return (
      <AdminEmptyState
        icon={<CreditCard aria-hidden="true" className="size-6" />}
        title={total > 0 ? 'This page is empty' : filtered ? 'No transactions match' : 'No transactions yet'}
      >
        {total > 0 ? (
          <Button className="mt-2" variant="outline" onClick={() => goToPage(1, '')}>
            Back to the first page
          </Button>
        ) : filtered ? (
          <Button className="mt-2" variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : (
          <p>Rewards credited for approved content and creators' redemption requests will be listed here.</p>
        )}
      </AdminEmptyState>
    );
  }

  // Selecting for Process Payment only for the roles that may process (toggle is absent for the others).
  const select = (row: TransactionRow): ReactNode =>
    row.payout?.status === 'pending' && toggle ? (
      <input
        type="checkbox"
        className="size-4 cursor-pointer accent-mint-700"
        checked={selected.has(row.payout.id)}
        onChange={() => toggle(row.payout!.id)}
        aria-label={`Select ${row.label} for Process Payment`}
      />
    ) : null;
  const view = (row: TransactionRow, wide = false): ReactNode =>
    row.payout ? (
      <Button
        variant={wide ? 'outline' : 'ghost'}
        size="sm"
        onClick={() => openPayout(row.payout!.id)}
        aria-label={`Details of ${row.label}`}
      >
        Details
      </Button>
    ) : null;

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full min-w-[720px] text-left text-sm" aria-busy={list.isFetching}>
          <caption className="sr-only">Payments and transactions</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="w-10 px-4 py-3">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="px-4 py-3">
                Date
              </th>
              <th scope="col" className="px-4 py-3">
                Influencer
              </th>
              <th scope="col" className="px-4 py-3">
                Campaign
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Amount
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data
              ? items.map((row) => (
                  <tr
                    key={row.id}
                    className="hover:bg-slate-50/60"
                    data-testid="transaction-row"
                    data-transaction-id={row.id}
                    data-kind={row.kind}
                  >
                    <td className="px-4 py-3">{select(row)}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700" data-testid="cell-date">
                      <time dateTime={row.createdAt}>{formatShortDate(row.createdAt)}</time>
                    </td>
                    <td className="max-w-56 px-4 py-3">
                      <Influencer row={row} />
                    </td>
                    <td className="max-w-64 px-4 py-3">
                      <p className="truncate text-slate-900" data-testid="cell-campaign" title={row.label}>
                        {row.label}
                      </p>
                      <p className="text-xs text-slate-500">
                        {TRANSACTION_KIND_LABELS[row.kind]}
                        {row.kind === 'reward' && row.campaignId !== null
                          ? ` · Campaign #${row.campaignId}`
                          : ''}
                      </p>
                    </td>
                    <td className="px-4 py-3 text-right font-semibold tabular-nums">
                      <Amount row={row} />
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex flex-col items-start gap-1" data-testid="cell-status">
                        <TransactionStatusBadge status={row.status} />
                        <PayoutNote row={row} />
                      </div>
                    </td>
                    <td className="px-4 py-3 text-right">{view(row)}</td>
                  </tr>
                ))
              : SKELETON_ROWS.map((key) => (
                  <tr key={key}>
                    <td colSpan={7} className="px-4 py-3">
                      <Skeleton className="h-9 w-full" />
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>

      <ul
        className="divide-y divide-slate-100 md:hidden"
        aria-label="Payments and transactions"
        aria-busy={list.isFetching}
      >
        {list.data
          ? items.map((row) => (
              <li key={row.id} className="flex flex-col gap-2 p-4" data-testid="transaction-card">
                <div className="flex items-start gap-3">
                  {select(row)}
                  <div className="min-w-0 flex-1">
                    <Influencer row={row} />
                  </div>
                  <span className="font-semibold tabular-nums">
                    <Amount row={row} />
                  </span>
                </div>
                <p className="text-sm break-words text-slate-700">{row.label}</p>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                    <time dateTime={row.createdAt}>{formatShortDate(row.createdAt)}</time>
                    <TransactionStatusBadge status={row.status} />
                    <PayoutNote row={row} />
                  </div>
                  {view(row, true)}
                </div>
              </li>
            ))
          : SKELETON_ROWS.slice(0, 3).map((key) => (
              <li key={key} className="p-4">
                <Skeleton className="h-20 w-full" />
              </li>
            ))}
      </ul>

      {list.data ? (
        <Pagination
          page={page}
          pageSize={TRANSACTIONS_PAGE_SIZE}
          total={total}
          shown={items.length}
          totalCapped={list.data.totalCapped}
          nextCursor={list.data.nextCursor}
          prevCursor={list.data.prevCursor}
          loading={list.isPlaceholderData}
          onPage={goToPage}
        />
      ) : null}
    </div>
  );
}
