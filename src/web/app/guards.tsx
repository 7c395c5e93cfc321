import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { useSession } from '../lib/use-session';

/**
 * Route guards (READINGS "Access"). They only choose what to show: the server checks every API call itself.
 * While the session loads they show the spinner.
 */

/**
 * Creator pages. `onboarding` pages (/email-verification, /profile-setup) also take a creator whose email is not
 * verified yet; the others send such a creator to /email-verification first. Admins have no creator pages.
 */
export function RequireCreator({ onboarding = false }: { onboarding?: boolean }) {
  const session = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signed-out') return <Navigate to="/signin" replace />;
  if (session.user.role === 'admin') return <Navigate to="/admin/campaigns" replace />;
  if (!onboarding && !session.user.creator?.emailVerified)
    return <Navigate to="/email-verification" replace />;
  // Spec §4 Dashboard load: /main, /dashboard and /profile need the profile wizard done first.
  if (!onboarding && !session.user.creator?.profileCompleted) return <Navigate to="/profile-setup" replace />;
  return <Outlet />;
}

/**
 * Admin pages: anyone who is not a signed-in admin gets the admin sign-in page, and no admin UI. An admin who must
 * enrol a second factor first (ADMIN_REQUIRE_2FA) gets only the enrolment page (`enrolment`); one who has enrolled
 * goes on to the campaigns from there.
 */
export function RequireAdmin({ enrolment = false }: { enrolment?: boolean }) {
  const session = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signed-out' || session.user.role !== 'admin')
    return <Navigate to="/admin" replace />;
  const twoFactor = session.user.twoFactor;
  if (!enrolment && twoFactor?.enrolmentRequired) return <Navigate to="/admin/two-factor" replace />;
  if (enrolment && twoFactor?.enabled) return <Navigate to="/admin/campaigns" replace />;
  return <Outlet />;
}
