import { LogOut, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { AdminAuthCard, AdminAuthFrame, adminAuthCornerClass } from '../../components/admin/admin-auth-card';
import { TwoFactorSetup } from '../../components/two-factor-setup';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGoSignedIn } from '../../lib/use-go-signed-in';
import { useSession, useSignOutAndLeave } from '../../lib/use-session';

/**
 * /admin/two-factor: an admin enrols an authenticator app (issue 22). With ADMIN_REQUIRE_2FA it is the only admin
 * page until enrolment is done (the guard sends them here; the server refuses every other admin call).
 */
export function TwoFactorPage() {
  useDocumentTitle('Set up two-factor authentication');
  const session = useSession();
  const goSignedIn = useGoSignedIn();
  const navigate = useNavigate();
  const signOut = useSignOutAndLeave();
  const required = session.user?.twoFactor?.enrolmentRequired === true;

  return (
    <AdminAuthFrame
      corner={
        <button type="button" onClick={() => void signOut()} className={adminAuthCornerClass}>
          <LogOut aria-hidden="true" className="size-4" />
          Sign Out
        </button>
      }
    >
      <AdminAuthCard
        icon={ShieldCheck}
        title="Set up two-factor authentication"
        className="max-w-xl p-5"
        description={
          required
            ? 'Admins confirm every sign-in, payment and export of personal data with a code from an authenticator app. Set yours up to continue.'
            : 'Confirm every sign-in, payment and export of personal data with a code from an authenticator app.'
        }
      >
        <TwoFactorSetup
          account={session.user?.email ?? ''}
          onCancel={required ? undefined : () => navigate('/admin/settings')}
          onDone={async () => {
            await goSignedIn('/admin/campaigns');
          }}
        />
      </AdminAuthCard>
    </AdminAuthFrame>
  );
}
