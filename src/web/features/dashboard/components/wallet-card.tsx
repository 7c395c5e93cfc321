import { ArrowRight, Coins } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { PAYOUT_BUSINESS_DAYS, PAYOUT_BUSINESS_DAYS_MIN } from '../../../../shared/business-days';
import { formatUtcInstant, paypalHoldMessage } from '../../../../shared/paypal-hold';
import { ErrorNote } from '../../../components/error-panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import type { useWallet } from '../api/dashboard-queries';
import { usePaypalHold } from '../use-paypal-hold';
import { RedeemDialog } from './wallet-redeem-dialog';

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

type WalletFigures = NonNullable<ReturnType<typeof useWallet>['data']>;

/** The wallet's four amounts, in the order they stand: where each is read, what it is called and means. */
const WALLET_FIGURES = [
  { amount: 'balance', label: 'Available', hint: 'Ready to redeem', testId: 'wallet-available' },
  { amount: 'pending', label: 'On its way', hint: 'Content awaiting review', testId: 'wallet-on-its-way' },
  { amount: 'inPayout', label: 'In payout', hint: 'Being paid to PayPal', testId: 'wallet-in-payout' },
  {
    amount: 'totalEarned',
    label: 'Total earned',
    hint: 'Rewards and credits so far',
    testId: 'wallet-total-earned',
  },
] as const satisfies ReadonlyArray<{
  amount: keyof WalletFigures;
  label: string;
  hint: string;
  testId: string;
}>;

/**
 * The wallet: available Mint (with Redeem Mint), Mint on its way (content awaiting review), Mint in payout and
 * total earned. On Overview it links to the Wallet tab. For 24 hours after a PayPal email change Redeem Mint is off,
 * with the reason and the time cash-outs resume (the server refuses them too).
 */
export function WalletCard({ wallet, footer }: { wallet: ReturnType<typeof useWallet>; footer?: ReactNode }) {
  const [redeeming, setRedeeming] = useState(false);
  const holdId = useId();
  const data = wallet.data;
  const hold = usePaypalHold(data?.paypalEmailChangedAt);
  return (
    <section
      aria-labelledby="wallet-card-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="wallet-card"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-mint-50 text-mint-700">
            <Coins aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="wallet-card-title" className="text-lg font-semibold">
              Wallet
            </h2>
            <p className="text-sm text-slate-600">
              1 Mint = 1 USD, redeemed through PayPal from {data?.minimum ?? 50} Mint.
            </p>
          </div>
        </div>
        {data ? (
          <div className="flex flex-col items-stretch gap-1 sm:items-end">
            <Button
              onClick={() => setRedeeming(true)}
              disabled={data.balance < data.minimum || hold !== null}
              aria-describedby={hold ? holdId : undefined}
            >
              Redeem Mint
              <ArrowRight aria-hidden="true" />
            </Button>
            <span className="text-xs text-slate-500">
              {hold
                ? `Cash-outs resume at ${formatUtcInstant(hold.until)}`
                : data.balance < data.minimum
                  ? `${formatNumber(data.minimum - data.balance)} Mint more to redeem`
                  : `Processed within ${PAYOUT_BUSINESS_DAYS_MIN}-${PAYOUT_BUSINESS_DAYS} business days`}
            </span>
          </div>
        ) : null}
      </div>
      {hold ? (
        <Alert
          id={holdId}
          className="mt-4"
          title="Cash-outs paused after your PayPal email change"
          data-testid="wallet-paypal-hold"
        >
          {paypalHoldMessage(hold)}
        </Alert>
      ) : null}
      {wallet.isError ? (
        <ErrorNote className="mt-4">
          Your wallet could not be loaded: {getErrorMessage(wallet.error)}
        </ErrorNote>
      ) : data ? (
        <dl className="mt-5 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {WALLET_FIGURES.map(({ amount, ...figure }) => (
            <Figure key={amount} value={`${formatNumber(data[amount])} Mint`} {...figure} />
          ))}
        </dl>
      ) : (
        <div
          className="mt-5 grid grid-cols-2 gap-4 lg:grid-cols-4"
          role="status"
          aria-label="Loading your wallet"
        >
          {WALLET_FIGURES.map(({ amount }) => (
            <Skeleton key={amount} className="h-14" />
          ))}
        </div>
      )}
      {footer}
      {data ? <RedeemDialog open={redeeming} onOpenChange={setRedeeming} wallet={data} /> : null}
    </section>
  );
}
