import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import { lazy, type ReactNode, Suspense } from 'react';
import { cn } from '../lib/cn';
import { Link } from '../lib/navigation';
import { dashboardPathFor, useSession, useSignOutAndLeave } from '../lib/use-session';
import { Avatar } from './avatar';
import { Button, buttonVariants } from './ui/button';

/**
 * The bell loads only for a signed-in user, so the public pages' first load stays within its budget. It reads with
 * TanStack Query, which comes with it (decision 0044).
 */
const NotificationBell = lazy(() =>
  Promise.all([import('./notification-bell'), import('../lib/with-query-client')]).then(([bell, query]) => ({
    default: query.withQueryClient(bell.NotificationBell),
  })),
);

/**
 * The session part of a header (spec §2 Top bar, /campaign/{id}): a placeholder circle while the session loads,
 * `signedOut` for visitors, and for a signed-in user their notification bell, avatar and name, Dashboard and Sign Out.
 * `compact` keeps only the icons of Dashboard and Sign Out on small screens.
 */
export function AccountControls({
  signedOut,
  compact = false,
  className,
}: {
  signedOut: ReactNode;
  compact?: boolean;
  className?: string;
}) {
  const session = useSession();
  const signOut = useSignOutAndLeave();

  if (session.status === 'loading') {
    return (
      <div className={cn('flex items-center', className)}>
        <span
          className="size-9 animate-pulse rounded-full bg-slate-200"
          role="status"
          aria-label="Loading your account"
          data-testid="session-placeholder"
        />
      </div>
    );
  }
  if (session.status === 'signed-out') {
    return <div className={cn('flex items-center gap-2', className)}>{signedOut}</div>;
  }
  const { user } = session;
  const labelClass = compact ? 'sr-only sm:not-sr-only' : undefined;
  return (
    <div className={cn('flex items-center gap-2', className)} data-testid="account-signed-in">
      <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
        <NotificationBell />
      </Suspense>
      <span className="flex items-center gap-2">
        <Avatar name={user.name} src={user.image} size={36} />
        <span className={cn('max-w-36 truncate text-sm font-semibold', compact && 'hidden md:inline')}>
          {user.name}
        </span>
      </span>
      <Link
        to={dashboardPathFor(user)}
        className={buttonVariants({
          variant: 'outline',
          size: 'sm',
          className: compact ? 'max-sm:px-2.5' : '',
        })}
      >
        <LayoutDashboard aria-hidden="true" />
        <span className={labelClass}>Dashboard</span>
      </Link>
      <Button variant="ghost" size="sm" className={compact ? 'max-sm:px-2.5' : undefined} onClick={signOut}>
        <LogOut aria-hidden="true" />
        <span className={labelClass}>Sign Out</span>
      </Button>
    </div>
  );
}
