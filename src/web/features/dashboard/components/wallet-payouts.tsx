import { useState } from 'react';
import type { Payout } from '../../../../shared/schemas/payout';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { useNow } from '../../../lib/use-now';
import { usePayouts } from '../api/wallet';
import { CancelPayoutDialog, PayoutItem } from './wallet-payout-item';

/** The creator's payouts with their clock: requested at, expected by, how long an open one has been waiting. */
export function WalletPayouts() {
  const payouts = usePayouts();
  const now = useNow();
  const [cancelling, setCancelling] = useState<Payout | null>(null);

  if (payouts.isPending) {
    return <LoadingBlocks label="Loading your payouts" blocks={['h-28 w-full rounded-xl']} />;
  }
  if (payouts.isError) {
    return (
      <ErrorPanel
        compact
        title="We couldn't load your payouts."
        error={payouts.error}
        onRetry={() => payouts.refetch()}
      />
    );
  }
  const items = payouts.data.items;
  if (items.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600"
        data-testid="payouts-empty"
      >
        No payouts yet. Once you have 50 Mint, redeem them here and follow each payout until it reaches your
        PayPal.
      </p>
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="payouts">
        {items.map((payout) => (
          <PayoutItem key={payout.id} payout={payout} now={now} onCancel={() => setCancelling(payout)} />
        ))}
      </ul>
      <CancelPayoutDialog payout={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
