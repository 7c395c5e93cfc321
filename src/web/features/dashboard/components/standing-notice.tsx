import { ShieldAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatShortDate } from '../../../lib/format';
import type { MyStanding } from '../api/dashboard-queries';

/**
 * Issue 24: a suspended creator reads on /dashboard that they are, the reason the admin gave, and what still works
 * (their campaigns under way, redeeming earned Mint), as the suspension mail says. Nothing while the account is active.
 */
export function StandingNotice({
  standing,
  openWallet,
}: {
  standing: MyStanding | undefined;
  openWallet: () => void;
}) {
  if (!standing || standing.standing === 'active') return null;
  return (
    <section
      aria-labelledby="standing-notice-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start sm:gap-4 sm:p-5"
      data-testid="standing-notice"
    >
      <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
        <h2 id="standing-notice-title" className="text-base font-semibold">
          Your account is suspended
        </h2>
        {standing.standing_reason ? (
          <p className="break-words" data-testid="standing-reason">
            <span className="font-medium">Reason: </span>
            {standing.standing_reason}
            {standing.standing_since ? ` (since ${formatShortDate(standing.standing_since)})` : null}
          </p>
        ) : null}
        <p>You cannot apply to new campaigns until the suspension is lifted.</p>
        <p data-testid="standing-still-works">
          What still works: campaigns you are already part of go on (ship, post and get your reward), and you
          can redeem the Mint you have earned.
        </p>
      </div>
      <Button variant="outline" size="sm" className="w-fit shrink-0 bg-white" onClick={openWallet}>
        Go to Wallet
      </Button>
    </section>
  );
}
