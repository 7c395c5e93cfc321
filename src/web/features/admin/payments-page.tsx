import { CreditCard } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminEmptyState, AdminPageHeader } from './components/admin-layout';

/** /admin/payments 'Payments & Transactions': rewards and redemptions appear once the Mint ledger is live. */
export function PaymentsPage() {
  useDocumentTitle('Payments & Transactions');
  return (
    <>
      <AdminPageHeader title="Payments & Transactions" description="Mint rewards and PayPal redemptions." />
      <AdminEmptyState
        icon={<CreditCard aria-hidden="true" className="size-6" />}
        title="No transactions yet"
      >
        <p>Rewards credited for approved content and creators' redemption requests will be listed here.</p>
      </AdminEmptyState>
    </>
  );
}
