import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { AccountSession } from '../../../../shared/schemas/account-sessions';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useAccountSessions, useEndSession, useTiktokAccess } from '../api/account-sessions';
import { ProfileSection } from './profile-section';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the account is signed in (issue 42): each device with its place (the address it signed in from), when it was
 * last active and which one this is; another one can be signed out after a confirmation. No token is ever shown.
 */
export function AccountSessionsSection() {
  const sessions = useAccountSessions();
  const end = useEndSession();
  const [asked, setAsked] = useState<AccountSession | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!asked) return;
    setError(null);
    end.mutate(asked.id, {
      onSuccess: () => {
        toast({ title: 'Signed out', description: `${asked.device} is signed out.`, variant: 'success' });
        setAsked(null);
      },
      onError: (failure) => setError(getErrorMessage(failure, 'That device could not be signed out.')),
    });
  };

  return (
    <ProfileSection
      title="Where you are signed in"
      testId="account-sessions"
      faint
      intro="Sign out a device you do not recognise, then change your password."
    >
      {sessions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : sessions.isError ? (
        <Alert variant="destructive" title="Your devices could not be loaded">
          {getErrorMessage(sessions.error, 'Try again in a moment.')}
        </Alert>
      ) : sessions.data.sessions.length === 0 ? (
        <p className="text-sm text-slate-600">No other device is signed in.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">
                    {session.device}{' '}
                    {session.current ? <Badge className="ml-1 align-middle">This device</Badge> : null}
                  </p>
                  <p className="break-words text-sm text-slate-600">
                    {session.place ?? 'Unknown place'} · last active {when(session.lastActiveAt)}
                  </p>
                </div>
              </div>
              {session.current ? null : (
                <Button variant="outline" size="sm" onClick={() => setAsked(session)}>
                  <LogOut aria-hidden="true" />
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAsked(null);
            setError(null);
          }
        }}
        title="Sign out this device?"
        description={
          asked ? `${asked.device} (${asked.place ?? 'unknown place'}) will need to sign in again.` : ''
        }
        confirmLabel="Sign out"
        confirmVariant="destructive"
        onConfirm={confirm}
        pending={end.isPending}
        error={error}
      />
    </ProfileSection>
  );
}

/** What the creator left out at the TikTok sign-in, and the way to give it (nothing when nothing is missing). */
export function TiktokAccessNotice() {
  const access = useTiktokAccess();
  if (!access.data?.message) return null;
  return (
    <Alert className="mt-8" title="TikTok is missing some permissions" data-testid="tiktok-access">
      <p>{access.data.message}</p>
      <a className="mt-2 inline-block font-medium text-mint-700 underline" href="/api/auth/tiktok">
        Reconnect TikTok
      </a>
    </Alert>
  );
}
