import {
  BarChart3,
  CreditCard,
  LogOut,
  Megaphone,
  MessagesSquare,
  PackageX,
  Settings,
  Users,
} from 'lucide-react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useInboxLive, useOpenProblemCount, useWaitingCount } from '../../lib/admin-nav-counts';
import { cn } from '../../lib/cn';
import { useLiveUpdates } from '../../lib/live-updates';
import { useSession, useSignOutAndLeave } from '../../lib/use-session';
import { Avatar } from '../avatar';
import { Logo } from '../logo';
import { MenuToggle, useSmallScreenMenu } from '../menu-toggle';
import { NotificationBell } from '../notification-bell';
import { StepUpHost } from '../step-up-dialog';

/** Spec §2 Admin screens: the sidebar's links (Analytics opens the overview of all campaigns, issue 12). */
const NAV_ITEMS = [
  { label: 'Campaigns', to: '/admin/campaigns', icon: Megaphone, match: ['/admin/campaigns'] },
  {
    label: 'Analytics',
    to: '/admin/analytics',
    icon: BarChart3,
    match: ['/admin/analytics', '/admin/details'],
  },
  { label: 'Payments', to: '/admin/payments', icon: CreditCard, match: ['/admin/payments'] },
  { label: 'Influencers', to: '/admin/influencers', icon: Users, match: ['/admin/influencers'] },
  { label: 'Messages', to: '/admin/messages', icon: MessagesSquare, match: ['/admin/messages'] },
  { label: 'Problems', to: '/admin/problems', icon: PackageX, match: ['/admin/problems'] },
  { label: 'Settings', to: '/admin/settings', icon: Settings, match: ['/admin/settings'] },
] as const;

function AdminNav({ onNavigate, waiting }: { onNavigate?: () => void; waiting: number }) {
  const { pathname } = useLocation();
  const openProblems = useOpenProblemCount();
  return (
    <ul className="flex flex-col gap-1">
      {NAV_ITEMS.map(({ label, to, icon: Icon, match }) => {
        const active = match.some((prefix) => pathname.startsWith(prefix));
        return (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                active
                  ? 'bg-mint-700 text-white shadow-sm'
                  : 'text-slate-300 hover:bg-white/10 hover:text-white',
              )}
            >
              <Icon aria-hidden="true" className="size-4.5 shrink-0" />
              {label}
              {to === '/admin/problems' && openProblems > 0 ? (
                <span
                  className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
                  data-testid="problems-badge"
                >
                  {openProblems}
                  <span className="sr-only"> open</span>
                </span>
              ) : null}
              {to === '/admin/messages' && waiting > 0 ? (
                <span
                  className="ml-auto rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-slate-950 tabular-nums"
                  data-testid="messages-badge"
                >
                  {waiting}
                  <span className="sr-only"> waiting for our reply</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/** The admin frame: a left sidebar on wide screens, a top bar with a menu on small ones. */
export function AdminLayout() {
  const session = useSession();
  const onSignOut = useSignOutAndLeave();
  const location = useLocation();
  const menu = useSmallScreenMenu(location.key);
  const user = session.user;
  // Every conversation, live (issue 26): the inbox and the number waiting for our reply follow it.
  // Payments, problems, applicants and shipping read again when they change (issue 40).
  useLiveUpdates('admin');
  const inboxLive = useInboxLive();
  const waiting = useWaitingCount(inboxLive);

  const account = user ? (
    <div className="flex items-center gap-3 px-1">
      <Avatar name={user.name} src={user.image} size={36} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-white">{user.name}</p>
        <p className="truncate text-xs text-slate-400">{user.email}</p>
      </div>
    </div>
  ) : null;

  const signOutButton = (
    <button
      type="button"
      onClick={onSignOut}
      className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 transition-colors hover:bg-white/10 hover:text-white"
    >
      <LogOut aria-hidden="true" className="size-4.5" />
      Sign Out
    </button>
  );

  return (
    <div className="min-h-screen bg-slate-50 md:grid md:grid-cols-[16rem_1fr]">
      {/* Money actions and exports may ask for a fresh code (403 STEP_UP_REQUIRED): this dialog asks, then retries. */}
      <StepUpHost />
      {/* Wide screens: the sidebar. */}
      <aside className="sticky top-0 hidden h-screen flex-col gap-6 bg-slate-950 px-4 py-6 md:flex">
        <div className="flex items-center justify-between px-1">
          <Logo className="text-white" />
          <AdminPill />
        </div>
        <div
          className="-my-2 flex items-center gap-2 px-1 text-sm text-slate-300"
          data-testid="admin-sidebar-bell"
        >
          <NotificationBell tone="dark" side="left" />
          <span aria-hidden="true">Notifications</span>
        </div>
        <nav aria-label="Admin" className="flex-1">
          <AdminNav waiting={waiting} />
        </nav>
        <div className="flex flex-col gap-3 border-t border-white/10 pt-4">
          {account}
          {signOutButton}
        </div>
      </aside>

      {/* Small screens: a top bar whose menu holds the same links. */}
      <header className="sticky top-0 z-30 bg-slate-950 md:hidden">
        <div className="flex h-14 items-center gap-3 px-4">
          <Logo className="mr-auto text-white" />
          <AdminPill />
          <NotificationBell tone="dark" />
          <MenuToggle menu={menu} what="admin menu" className="text-slate-200 hover:bg-white/10" />
        </div>
        <nav
          id={menu.id}
          aria-label="Admin menu"
          hidden={!menu.open}
          className="flex flex-col gap-3 border-t border-white/10 px-4 pt-3 pb-4"
        >
          <AdminNav waiting={waiting} onNavigate={menu.close} />
          <div className="flex flex-col gap-3 border-t border-white/10 pt-3">
            {account}
            {signOutButton}
          </div>
        </nav>
      </header>

      <main id="main" className="min-w-0 px-4 py-6 sm:px-8 sm:py-8">
        <Outlet context={{ inboxLive }} />
      </main>
    </div>
  );
}

/** A page's heading row: title, a line of context, and room for actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** The "Admin" pill beside the logo (the sidebar's and the small screens' top bar). */
function AdminPill() {
  return (
    <span className="rounded-full bg-mint-700/30 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-mint-200">
      Admin
    </span>
  );
}

/** The honest "nothing here yet" box. */
export function AdminEmptyState({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
      data-testid="admin-empty-state"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-mint-50 text-mint-700">
        {icon}
      </span>
      <p className="text-lg font-semibold">{title}</p>
      {children ? <div className="max-w-md text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
