import type { ReactNode } from 'react';
import { PAYOUT_STATUS_LABELS, TRANSACTION_KIND_LABELS } from '../../../../shared/payouts';
import type { TransactionRow } from '../../../../shared/schemas/payout';
import { TAX_HOLD_ADMIN_LABEL } from '../../../../shared/tax';
import { LoadingCards, LoadingTableRows } from '../../../components/admin/loading-rows';
import { TransactionStatusBadge } from '../../../components/transaction-status-badge';
import { ADMIN_TABLE_HEAD, TableHead } from '../../../components/ui/table-head';
import { formatShortDate, formatUsd } from '../../../lib/format';

/** The transactions of payments-table.tsx: a table on wide screens, cards on narrow ones, the same cells in both. */

/** What both layouts show: the page's rows (none while loading) and each row's checkbox and Details button. */
export interface TransactionRowsProps {
  items: TransactionRow[] | undefined;
  busy: boolean;
  select: (row: TransactionRow) => ReactNode;
  view: (row: TransactionRow, wide?: boolean) => ReactNode;
}

/** Spec §2: the influencer's name and username, or Unknown / @unknown. */
function Creator({ row }: { row: TransactionRow }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-slate-900" data-testid="cell-influencer-name">
        {row.creator?.name ?? 'Unknown'}
      </p>
      <p className="truncate text-xs text-slate-500" data-testid="cell-influencer-username">
        @{row.creator?.username ?? 'unknown'}
      </p>
    </div>
  );
}

/** What a payout is doing beyond its transaction status (processing by hand, at PayPal, unclaimed …). */
function PayoutNote({ row }: { row: TransactionRow }) {
  const payout = row.payout;
  if (payout?.heldForTaxForm) {
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

/** Wide screens: Date, Influencer, Campaign, Amount, Status and Details as a table. */
export function TransactionTable({ items, busy, select, view }: TransactionRowsProps) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full min-w-[720px] text-left text-sm" aria-busy={busy}>
        <caption className="sr-only">Payments and transactions</caption>
        <TransactionTableHead />
        <tbody className="divide-y divide-slate-100">
          {items ? (
            items.map((row) => (
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
                  <Creator row={row} />
                </td>
                <td className="max-w-64 px-4 py-3">
                  <p className="truncate text-slate-900" data-testid="cell-campaign" title={row.label}>
                    {row.label}
                  </p>
                  <p className="text-xs text-slate-500">
                    {TRANSACTION_KIND_LABELS[row.kind]}
                    {row.kind === 'reward' && row.campaignId !== null ? ` · Campaign #${row.campaignId}` : ''}
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
          ) : (
            <LoadingTableRows columns={7} block="h-9 w-full" />
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The table's column headings (the first and last for assistive technology only). */
function TransactionTableHead() {
  return (
    <TableHead
      className={ADMIN_TABLE_HEAD}
      cellClassName="px-4 py-3"
      columns={[
        {
          label: <span className="sr-only">Select</span>,
          key: 'Select',
          className: 'w-10',
        },
        'Date',
        'Influencer',
        'Campaign',
        { label: 'Amount', className: 'text-right' },
        'Status',
        {
          label: <span className="sr-only">Actions</span>,
          key: 'Actions',
          className: 'text-right',
        },
      ]}
    />
  );
}

/** Narrow screens: one card per transaction. */
export function TransactionCards({ items, busy, select, view }: TransactionRowsProps) {
  return (
    <ul
      className="divide-y divide-slate-100 md:hidden"
      aria-label="Payments and transactions"
      aria-busy={busy}
    >
      {items ? (
        items.map((row) => (
          <li key={row.id} className="flex flex-col gap-2 p-4" data-testid="transaction-card">
            <div className="flex items-start gap-3">
              {select(row)}
              <div className="min-w-0 flex-1">
                <Creator row={row} />
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
      ) : (
        <LoadingCards block="h-20 w-full" />
      )}
    </ul>
  );
}
