import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PAYOUT_STATUS_LABELS,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  type TransactionKind,
  type TransactionStatus,
} from '../../../shared/payouts';
import { AdminPageHeader } from '../../components/admin/admin-layout';
import { ChoiceSelect } from '../../components/admin/choice-select';
import { toastFailure } from '../../components/failure-toast';
import { ListSearch } from '../../components/list-search';
import { cursorFromParams, pageFromParams, setPageParams } from '../../components/pagination';
import { Tabs } from '../../components/ui/tabs';
import { useAdminCan } from '../../lib/admin-permissions';
import { useTickedIds } from '../../lib/admin-ticked-ids';
import { downloadFile } from '../../lib/download';
import { useDocumentTitle } from '../../lib/use-document-title';
import { exportUrl, type TransactionFilters, usePaymentsSummary, useTransactions } from './api/payments';
import { AdjustMintDialog } from './components/payments-adjust-dialog';
import { BrandPackageDialog, PaymentSettingsDialog } from './components/payments-info-dialogs';
import { PayoutDialog } from './components/payments-payout-dialog';
import { ProcessPaymentDialog } from './components/payments-process-dialog';
import { PaymentsSidePanel } from './components/payments-side-panel';
import { PaymentsTable } from './components/payments-table';
import { TaxYearPanel } from './components/tax-year-panel';

type Open = 'process' | 'settings' | 'brand' | 'adjust' | null;

/**
 * /admin/payments 'Payments & Transactions' (spec §2): the table of real transactions (filters, search, pages in the
 * URL), the 'Payment Secure' totals, the 'Brand Package' card and the 'Quick Actions'; the Tax year tab (issue 27,
 * `?tab=tax-year`).
 */
export function PaymentsPage() {
  useDocumentTitle('Payments & Transactions');
  const [params, setParams] = useSearchParams();
  const { can } = useAdminCan();
  const taxData = can('GET /admin/tax-year');
  const tab: 'transactions' | 'tax-year' =
    taxData && params.get('tab') === 'tax-year' ? 'tax-year' : 'transactions';
  const kindParam = params.get('kind') ?? '';
  const statusParam = params.get('status') ?? '';
  const filters: TransactionFilters = {
    kind: (TRANSACTION_KINDS as readonly string[]).includes(kindParam) ? (kindParam as TransactionKind) : '',
    status: (TRANSACTION_STATUSES as readonly string[]).includes(statusParam)
      ? (statusParam as TransactionStatus)
      : '',
    q: params.get('q')?.trim() ?? '',
  };
  const page = pageFromParams(params);
  const list = useTransactions(filters, cursorFromParams(params));
  const summary = usePaymentsSummary();
  const [draft, setDraft] = useState(filters.q);
  const { ticked: selected, setTicked: setSelected, tick: toggle } = useTickedIds();
  const [open, setOpen] = useState<Open>(null);
  const [payoutId, setPayoutId] = useState<number | null>(null);
  useEffect(() => setDraft(filters.q), [filters.q]);

  const go = (next: Partial<TransactionFilters & { page: number; cursor: string }>) => {
    const merged = { ...filters, page, cursor: cursorFromParams(params), ...next };
    const search = new URLSearchParams();
    if (merged.kind) search.set('kind', merged.kind);
    if (merged.status) search.set('status', merged.status);
    if (merged.q) search.set('q', merged.q);
    setPageParams(search, merged.page, merged.page === 1 ? '' : merged.cursor);
    setParams(search, { preventScrollReset: true });
  };
  const refilter = (next: Partial<TransactionFilters>) => {
    setSelected(new Set());
    go({ ...next, page: 1, cursor: '' });
  };

  const transactionsView = (
    <>
      {/* The side panel sits on the right on very wide screens, above the table otherwise. */}
      <div className="grid items-start gap-6 2xl:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-4 2xl:order-1">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
            <ListSearch
              className="flex-1"
              label="Search transactions"
              value={draft}
              onChange={setDraft}
              onSubmit={() => refilter({ q: draft.trim() })}
              placeholder="Creator, email, PayPal email or #id"
            />
            <div className="grid grid-cols-2 gap-2 lg:w-80">
              <ChoiceSelect
                aria-label="Kind"
                value={filters.kind}
                onChange={(kind) => refilter({ kind })}
                all="All kinds"
                choices={TRANSACTION_KINDS}
                labels={TRANSACTION_KIND_LABELS}
                className="[&_select]:h-11"
              />
              <ChoiceSelect
                aria-label="Status"
                value={filters.status}
                onChange={(status) => refilter({ status })}
                all="All statuses"
                choices={TRANSACTION_STATUSES}
                labels={PAYOUT_STATUS_LABELS}
                className="[&_select]:h-11"
              />
            </div>
          </div>
          <PaymentsTable
            list={list}
            page={page}
            goToPage={(next, cursor) => go({ page: next, cursor })}
            selected={selected}
            toggle={can('POST /admin/payouts/process') ? toggle : undefined}
            openPayout={setPayoutId}
            filtered={Boolean(filters.kind || filters.status || filters.q)}
            clearFilters={() => refilter({ kind: '', status: '', q: '' })}
          />
        </div>
        <PaymentsSidePanel
          className="md:order-first 2xl:order-2"
          summary={summary}
          selectedCount={selected.size}
          exportHref={exportUrl(filters)}
          onExport={
            can('GET /admin/transactions.csv')
              ? () =>
                  downloadFile(exportUrl(filters), 'mintbox-transactions.csv').catch((error: unknown) =>
                    toastFailure('Export failed', error),
                  )
              : undefined
          }
          onProcess={can('POST /admin/payouts/process') ? () => setOpen('process') : undefined}
          onSettings={() => setOpen('settings')}
          onBrandDetails={() => setOpen('brand')}
          onAdjust={can('POST /admin/influencers/{id}/adjustments') ? () => setOpen('adjust') : undefined}
        />
      </div>
    </>
  );

  return (
    <>
      <AdminPageHeader
        title="Payments & Transactions"
        description="Mint rewards, PayPal payouts and adjustments, from the ledger."
      />
      <Tabs
        label="Payments views"
        active={tab}
        onChange={(next) =>
          setParams(next === 'tax-year' ? { tab: 'tax-year' } : {}, { preventScrollReset: true })
        }
        items={[
          { id: 'transactions', label: 'Transactions', content: transactionsView },
          // Tax data only for the roles that may read it (Finance, Owner).
          ...(taxData ? [{ id: 'tax-year' as const, label: 'Tax year', content: <TaxYearPanel /> }] : []),
        ]}
      />

      <ProcessPaymentDialog
        open={open === 'process'}
        onOpenChange={(next) => {
          setOpen(next ? 'process' : null);
          if (!next) setSelected(new Set());
        }}
        preselected={selected}
        filters={filters}
        settings={summary.data?.settings}
      />
      <PaymentSettingsDialog
        open={open === 'settings'}
        onOpenChange={(next) => setOpen(next ? 'settings' : null)}
        settings={summary.data?.settings}
      />
      <BrandPackageDialog
        open={open === 'brand'}
        onOpenChange={(next) => setOpen(next ? 'brand' : null)}
        summary={summary.data}
      />
      <AdjustMintDialog open={open === 'adjust'} onOpenChange={(next) => setOpen(next ? 'adjust' : null)} />
      <PayoutDialog payoutId={payoutId} onClose={() => setPayoutId(null)} />
    </>
  );
}
