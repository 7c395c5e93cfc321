import { Outlet } from 'react-router';
import { PageFrame } from '../components/page-frame';
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
    <PageFrame header={<SignedInHeader />} footer={<SiteFooter />} className="bg-slate-50">
      <Outlet />
    </PageFrame>
  );
}
