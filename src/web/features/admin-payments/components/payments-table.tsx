import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TransactionRow } from '../../../../shared/schemas/payout';
import { AdminEmptyState } from '../../../components/admin/admin-layout';
import { ErrorPanel } from '../../../components/error-panel';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { TRANSACTIONS_PAGE_SIZE, type useTransactions } from '../api/payments';
import { TransactionCards, TransactionTable } from './payments-table-rows';

interface PaymentsTableProps {
  list: ReturnType<typeof useTransactions>;
  page: number;
  goToPage: (page: number, cursor: string) => void;
  selected: ReadonlySet<number>;
  toggle: ((payoutId: number) => void) | undefined;
  openPayout: (payoutId: number) => void;
  filtered: boolean;
  clearFilters: () => void;
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
}: PaymentsTableProps) {
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  if (list.isError && !list.data) {
    return (
      <ErrorPanel title="We couldn't load transactions." error={list.error} onRetry={() => list.refetch()} />
    );
  }
  if (list.data && items.length === 0) {
    return (
      <NoTransactions total={total} filtered={filtered} goToPage={goToPage} clearFilters={clearFilters} />
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
      <TransactionTable
        items={list.data ? items : undefined}
        busy={list.isFetching}
        select={select}
        view={view}
      />
      <TransactionCards
        items={list.data ? items : undefined}
        busy={list.isFetching}
        select={select}
        view={view}
      />

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

/** Why a page shows no transaction, and the way back to some. */
function NoTransactions({
  total,
  filtered,
  goToPage,
  clearFilters,
}: Pick<PaymentsTableProps, 'filtered' | 'goToPage' | 'clearFilters'> & { total: number }) {
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
