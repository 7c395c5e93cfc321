import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TransactionRow } from '../../../../shared/schemas/payout';
import { AdminPagedList } from '../../../components/admin/admin-paged-list';
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
    <AdminPagedList
      list={list}
      page={page}
      pageSize={TRANSACTIONS_PAGE_SIZE}
      onPage={goToPage}
      failedTitle="We couldn't load transactions."
      icon={<CreditCard aria-hidden="true" className="size-6" />}
      emptyTitle={filtered ? 'No transactions match' : 'No transactions yet'}
      emptyContent={
        filtered ? (
          <Button className="mt-2" variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : (
          <p>Rewards credited for approved content and creators' redemption requests will be listed here.</p>
        )
      }
      rows={(items) => (
        <>
          <TransactionTable items={items} busy={list.isFetching} select={select} view={view} />
          <TransactionCards items={items} busy={list.isFetching} select={select} view={view} />
        </>
      )}
    />
  );
}
