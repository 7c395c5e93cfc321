import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { cn } from '../lib/cn';
import { formatFollowers } from '../lib/format';
import { meQuery } from '../lib/me-query';
import { Link, useLocation } from '../lib/navigation';
import { useSession, useSignOutAndLeave } from '../lib/use-session';
import { Avatar } from './avatar';
import { Logo } from './logo';
import { NotificationBell } from './notification-bell';
import { Button } from './ui/button';

/** The signed-in creator's pages, in the order the header lists them. */
export const SIGNED_IN_NAV = [
  { label: 'Campaigns', to: '/main' },
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Profile', to: '/profile' },
] as const;

function useFollowerTotal(enabled: boolean) {
  return useQuery({ ...meQuery(), select: (data) => data.total_followers, enabled });
}

function NavLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {SIGNED_IN_NAV.map((item) => {
        const active = pathname === item.to;
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                active
                  ? 'bg-mint-50 text-mint-800'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                linkClassName,
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The one header of the signed-in creator's pages (/main, /dashboard, /profile; issue 13): the logo, the pages, the
 * notification bell, the account (avatar, name, follower count: spec §2 /dashboard) and Sign Out. On a small screen
 * the pages move to a second row and Sign Out keeps only its icon, with its name for screen readers.
 */
export function SignedInHeader() {
  const session = useSession();
  const signOut = useSignOutAndLeave();
  const user = session.user;
  const followers = useFollowerTotal(Boolean(user?.creator));

  return (
    <header data-testid="signed-in-header" className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Logo className="mr-auto md:mr-4" />
        <nav aria-label="Main" className="hidden flex-1 md:block">
          <NavLinks className="flex items-center gap-1" />
        </nav>
        <NotificationBell />
        {user ? (
          <span className="flex min-w-0 items-center gap-2" data-testid="account-signed-in">
            <Avatar name={user.name} src={user.image} size={36} />
            <span className="hidden min-w-0 flex-col sm:flex">
              <span className="max-w-40 truncate text-sm font-semibold">{user.name}</span>
              {typeof followers.data === 'number' ? (
                <span className="text-xs text-slate-500" data-testid="follower-count">
                  {formatFollowers(followers.data)} followers
                </span>
              ) : null}
            </span>
          </span>
        ) : null}
        <Button variant="ghost" size="sm" className="max-sm:px-2.5" onClick={signOut}>
          <LogOut aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Sign Out</span>
        </Button>
      </div>
      <nav aria-label="Main" className="border-t border-slate-100 px-2 md:hidden">
        <NavLinks className="flex items-center justify-around gap-1 py-1" linkClassName="px-4" />
      </nav>
    </header>
  );
}
