import { Outlet } from 'react-router';
import { SignedInHeader } from '../components/signed-in-header';
import { SiteFooter } from '../components/site-footer';
import { useMyConversationsLive } from '../lib/conversations';
import { useLiveUpdates } from '../lib/live-updates';

/** The frame of the signed-in creator's pages (/main, /dashboard, /profile): one header, the page, the footer. */
export function CreatorLayout() {
  useMyConversationsLive();
  // The wallet and the dashboard read again when a payout settles or a box moves (issue 40).
  useLiveUpdates('creator');
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-mint-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SignedInHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
