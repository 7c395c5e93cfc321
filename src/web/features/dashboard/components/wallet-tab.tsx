import type { useWallet } from '../api/dashboard-queries';
import { WalletCard } from './wallet-card';
import { WalletHistory } from './wallet-history';
import { WalletPayouts } from './wallet-payouts';

/** The Wallet tab: the wallet, every payout with its clock, and the full history of Mint movements. */
export function WalletTab({ wallet }: { wallet: ReturnType<typeof useWallet> }) {
  return (
    <div className="flex flex-col gap-8">
      <WalletCard wallet={wallet} />
      <section aria-labelledby="payouts-title" className="flex flex-col gap-3">
        <h2 id="payouts-title" className="text-xl font-bold tracking-tight">
          Payouts
        </h2>
        <WalletPayouts />
      </section>
      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="text-xl font-bold tracking-tight">
          Mint history
        </h2>
        <WalletHistory />
      </section>
    </div>
  );
}
