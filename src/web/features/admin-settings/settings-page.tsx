import { CheckCircle2, CircleSlash } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ADMIN_ROLE_LABELS } from '../../../shared/admin-permissions';
import { SOCIAL_PROVIDER_IDS, SOCIAL_PROVIDER_NAMES } from '../../../shared/schemas/auth';
import { AdminPageHeader } from '../../components/admin/admin-layout';
import { TwoFactorSettings } from '../../components/two-factor-settings';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useConfig } from '../../lib/use-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { AUDIT_LOG_TAB, AuditLogSection } from './components/audit-log';
import { DigestSetting } from './components/digest-setting';
import { SettingsSections } from './components/settings-sections';
import { STORES_TAB, StoresSection } from './components/stores-section';
import { TEAM_TAB, TeamSection } from './components/team-section';

type SettingsTab = typeof TEAM_TAB | typeof STORES_TAB | typeof AUDIT_LOG_TAB;

/** The sections of /admin/settings other than General, each at its ?tab=. */
const TAB_SECTIONS: Record<SettingsTab, () => React.JSX.Element> = {
  [TEAM_TAB]: TeamSection,
  [STORES_TAB]: StoresSection,
  [AUDIT_LOG_TAB]: AuditLogSection,
};
const isSettingsTab = (tab: string | null): tab is SettingsTab =>
  tab !== null && Object.hasOwn(TAB_SECTIONS, tab);

/**
 * /admin/settings: the signed-in admin's account and how creators can sign in (from the server's configuration); the
 * Audit log section (?tab=audit-log) lists every admin change (issue 22).
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const session = useSession();
  const config = useConfig();
  const enabled = new Set(config.data?.authProviders ?? []);
  const [params] = useSearchParams();
  const header = (
    <AdminPageHeader
      title="Settings"
      description="Your admin account and the sign-in options creators see."
    />
  );

  const tab = params.get('tab');
  if (isSettingsTab(tab)) {
    const TabSection = TAB_SECTIONS[tab];
    return (
      <>
        {header}
        <SettingsSections active={tab} />
        <TabSection />
      </>
    );
  }
  return (
    <>
      {header}
      <SettingsSections active="general" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Your account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[7rem_1fr] gap-y-3 text-sm">
              <dt className="text-slate-500">Name</dt>
              <dd className="font-medium">{session.user?.name}</dd>
              <dt className="text-slate-500">Email</dt>
              <dd className="font-medium break-all" data-testid="admin-email">
                {session.user?.email}
              </dd>
              <dt className="text-slate-500">Role</dt>
              <dd>
                <Badge>{session.user?.adminRole ? ADMIN_ROLE_LABELS[session.user.adminRole] : 'Admin'}</Badge>
              </dd>
            </dl>
            <p className="mt-4 text-xs text-slate-500">
              Owners invite the team in Settings › Team; the first Owner is created with{' '}
              <code className="rounded bg-slate-100 px-1">npm run admin:create</code>.
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Creator sign-in</CardTitle>
            <p className="text-sm text-slate-600">
              A provider is on when its client id and secret are set in the server's environment.
            </p>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col divide-y divide-slate-100 text-sm" data-testid="sign-in-providers">
              <li className="flex items-center justify-between py-2.5">
                <span className="font-medium">Email and password</span>
                <ProviderState on />
              </li>
              {SOCIAL_PROVIDER_IDS.map((provider) => (
                <li
                  key={provider}
                  className="flex items-center justify-between py-2.5"
                  data-provider={provider}
                >
                  <span className="font-medium">{SOCIAL_PROVIDER_NAMES[provider]}</span>
                  {config.data ? (
                    <ProviderState on={enabled.has(provider)} />
                  ) : (
                    <Skeleton className="h-5 w-24" />
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Two-factor authentication</CardTitle>
            <p className="text-sm text-slate-600">
              A code from an authenticator app at every sign-in, and again for payments, Mint adjustments and
              exports of personal data (every 10 minutes).
            </p>
          </CardHeader>
          <CardContent>
            {session.user ? (
              <TwoFactorSettings
                enabled={session.user.twoFactor?.enabled === true}
                required={session.user.twoFactor?.required === true}
                account={session.user.email}
              />
            ) : (
              <Skeleton className="h-10 w-full" />
            )}
          </CardContent>
        </Card>
        <DigestSetting />
      </div>
    </>
  );
}

function ProviderState({ on }: { on: boolean }) {
  return on ? (
    <Badge variant="green" className="gap-1">
      <CheckCircle2 aria-hidden="true" className="size-3.5" />
      Enabled
    </Badge>
  ) : (
    <Badge variant="grey" className="gap-1">
      <CircleSlash aria-hidden="true" className="size-3.5" />
      Not configured
    </Badge>
  );
}
