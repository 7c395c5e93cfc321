import { Coins, Flag, Package, Send } from 'lucide-react';
import { Link } from 'react-router';
import { type ActivityKind, activityLink, activityText } from '../../../../shared/schemas/me';
import { ErrorNote } from '../../../components/error-panel';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatRelative } from '../../../lib/format';
import { useMyActivity } from '../api/dashboard-queries';

type Look = { icon: typeof Coins; colour: string };
const MONEY: Look = { icon: Coins, colour: 'bg-green-100 text-green-800' };
const STEP: Look = { icon: Send, colour: 'bg-blue-100 text-blue-800' };
const BOX: Look = { icon: Package, colour: 'bg-slate-100 text-slate-700' };
const CONTENT: Look = { icon: Flag, colour: 'bg-yellow-100 text-yellow-800' };
const LOOKS: Record<ActivityKind, Look> = {
  applied: STEP,
  accepted: STEP,
  rejected: STEP,
  withdrawn: STEP,
  shipped: BOX,
  delivered: BOX,
  submitted: CONTENT,
  resubmitted: CONTENT,
  changes_requested: CONTENT,
  approved: CONTENT,
  missed: CONTENT,
  mint_credited: MONEY,
  payout_requested: MONEY,
  payout_paid: MONEY,
  payout_failed: MONEY,
  payout_returned: MONEY,
  payout_cancelled: MONEY,
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Recent Activity: every step of the creator's applications, content, Mint and payouts, from the records. */
export function RecentActivity() {
  const activity = useMyActivity();
  const items = activity.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg leading-tight font-semibold">Recent Activity</h2>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <LoadingBlocks label="Loading activity" blocks={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']} />
        ) : activity.isError ? (
          <ErrorNote>
            {getErrorMessage(activity.error, 'Your activity could not be loaded.')}{' '}
            <button
              type="button"
              className="font-medium underline underline-offset-4"
              onClick={() => void activity.refetch()}
            >
              Try again
            </button>
          </ErrorNote>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="activity-empty">
            No activity yet. Applications, content and Mint rewards will be listed here.
          </p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="activity">
            {items.map((item) => {
              const { icon: Icon, colour } = LOOKS[item.kind];
              const signed = item.kind === 'mint_credited' || item.kind === 'payout_requested';
              return (
                <li key={item.key} className="flex items-start gap-3" data-kind={item.kind}>
                  <span
                    className={cn(
                      'inline-flex size-8 shrink-0 items-center justify-center rounded-full',
                      colour,
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <Link
                      to={activityLink(item)}
                      className="text-sm font-medium break-words text-slate-900 underline-offset-4 hover:underline focus-visible:underline"
                    >
                      {activityText(item)}
                    </Link>
                    <p className="text-xs text-slate-500">
                      <time dateTime={item.at} title={dateFormat.format(new Date(item.at))}>
                        {formatRelative(item.at)}
                      </time>
                    </p>
                  </div>
                  {signed && item.amount !== null ? (
                    <span
                      className={cn(
                        'shrink-0 text-sm font-semibold tabular-nums',
                        item.kind === 'mint_credited' ? 'text-green-700' : 'text-red-700',
                      )}
                    >
                      {item.kind === 'mint_credited' ? '+' : '−'}
                      {item.amount} Mint
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
