import { useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { TwoFactorSetup } from '../../components/two-factor-setup';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshSession, useSession, useSignOut } from '../../lib/use-session';

/**
 * /admin/two-factor: an admin enrols an authenticator app (issue 22). With ADMIN_REQUIRE_2FA it is the only admin
 * page until enrolment is done (the guard sends them here; the server refuses every other admin call).
 */
export function TwoFactorPage() {
  useDocumentTitle('Set up two-factor authentication');
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const required = session.user?.twoFactor?.enrolmentRequired === true;

  return (
    <div className="flex min-h-screen flex-col bg-slate-950 bg-[radial-gradient(ellipse_at_top,_rgba(16,185,129,0.18),_transparent_60%)] px-4 py-6 sm:px-8">
      <div className="flex items-center justify-between gap-3">
        <Logo className="text-white" />
        <button
          type="button"
          onClick={() => void signOut(() => navigate('/admin'))}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-mint-200 hover:bg-white/10"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign Out
        </button>
      </div>
      <main className="flex flex-1 items-center justify-center py-10">
        <div className="w-full max-w-xl rounded-2xl bg-white p-5 shadow-2xl sm:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-mint-50 text-mint-700">
              <ShieldCheck aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-xs font-semibold tracking-widest text-mint-700 uppercase">Admin</p>
              <h1 className="mt-1 text-2xl font-bold tracking-tight">Set up two-factor authentication</h1>
              <p className="mt-1 text-sm text-slate-600">
                {required
                  ? 'Admins confirm every sign-in, payment and export of personal data with a code from an authenticator app. Set yours up to continue.'
                  : 'Confirm every sign-in, payment and export of personal data with a code from an authenticator app.'}
              </p>
            </div>
          </div>
          <TwoFactorSetup
            account={session.user?.email ?? ''}
            onCancel={required ? undefined : () => navigate('/admin/settings')}
            onDone={async () => {
              await refreshSession(queryClient);
              navigate('/admin/campaigns', { replace: true });
            }}
          />
        </div>
      </main>
    </div>
  );
}
