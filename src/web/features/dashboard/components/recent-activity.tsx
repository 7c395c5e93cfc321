import { Coins, Flag, Send } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatRelative } from '../../../lib/format';
import type { useMyApplications, useWallet } from '../api/dashboard-queries';
import { type ActivityItem, recentActivity } from '../dashboard-stats';

const ICONS: Record<ActivityItem['type'], { icon: typeof Coins; colour: string }> = {
  payment: { icon: Coins, colour: 'bg-green-100 text-green-800' },
  campaign: { icon: Send, colour: 'bg-blue-100 text-blue-800' },
  milestone: { icon: Flag, colour: 'bg-yellow-100 text-yellow-800' },
};

/** Recent Activity: Mint movements and application steps, newest first. */
export function RecentActivity({
  applications,
  wallet,
}: {
  applications: ReturnType<typeof useMyApplications>;
  wallet: ReturnType<typeof useWallet>;
}) {
  const loading = applications.isPending || wallet.isPending;
  const items = loading ? [] : recentActivity(applications.data?.items ?? [], wallet.data);
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg leading-tight font-semibold">Recent Activity</h2>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading activity">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="activity-empty">
            No activity yet. Applications, content and Mint rewards will be listed here.
          </p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="activity">
            {items.map((item) => {
              const { icon: Icon, colour } = ICONS[item.type];
              return (
                <li key={item.key} className="flex items-start gap-3">
                  <span
                    className={cn(
                      'inline-flex size-8 shrink-0 items-center justify-center rounded-full',
                      colour,
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium break-words text-slate-900">{item.description}</p>
                    <p className="text-xs text-slate-500">
                      <time dateTime={item.time}>{formatRelative(item.time)}</time>
                    </p>
                  </div>
                  {item.amount !== null ? (
                    <span
                      className={cn(
                        'shrink-0 text-sm font-semibold tabular-nums',
                        item.amount >= 0 ? 'text-green-700' : 'text-red-700',
                      )}
                    >
                      {item.amount >= 0 ? '+' : '−'}
                      {Math.abs(item.amount)} Mint
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
