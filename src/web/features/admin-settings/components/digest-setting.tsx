import { useId } from 'react';
import { digestNotSentReason } from '../../../../shared/schemas/me';
import { SwitchSaveStatus, useSwitchSaveStatus } from '../../../components/switch-save-status';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { getErrorMessage } from '../../../lib/api-client';
import { useAdminDigest, useSaveAdminDigest } from '../api/digest';

const every = (minutes: number) =>
  minutes % 60 === 0
    ? `every ${minutes === 60 ? 'hour' : `${minutes / 60} hours`}`
    : `every ${minutes} minutes`;

/** The admin's own mail digest switch (issue 13), with the server's interval. */
export function DigestSetting() {
  const id = useId();
  const digest = useAdminDigest();
  const save = useSaveAdminDigest();
  const saving = useSwitchSaveStatus('Mail digest', 'Your digest setting could not be saved.');
  const notSent = digest.data ? digestNotSentReason(digest.data) : null;
  const toggle = (enabled: boolean) =>
    save.mutate(enabled, saving.outcome(enabled ? 'Mail digest on. Saved.' : 'Mail digest off. Saved.'));
  return (
    <Card data-testid="digest-setting">
      <CardHeader>
        <CardTitle id={`${id}-title`}>Mail digest</CardTitle>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          New applications, content waiting for review, delivery problems and payouts to process since your
          last digest. Never sent when nothing is new.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {digest.data ? (
          <>
            {notSent ? (
              <Alert title="Digests are off on this server" data-testid="digest-not-sent">
                <p>{notSent}</p>
              </Alert>
            ) : null}
            <div className="flex items-center justify-between gap-4">
              <span className="text-sm font-medium">
                {notSent
                  ? `Your choice, kept for when digests are sent: ${digest.data.enabled ? 'on' : 'off'}`
                  : `Sent ${every(digest.data.intervalMinutes)} at most`}
              </span>
              <Switch
                checked={digest.data.enabled}
                onCheckedChange={toggle}
                disabled={save.isPending}
                aria-labelledby={`${id}-title`}
                aria-describedby={`${id}-hint`}
              />
            </div>
          </>
        ) : digest.isError ? (
          <Alert variant="destructive" title="The digest setting could not be loaded">
            <p>{getErrorMessage(digest.error)}</p>
          </Alert>
        ) : (
          <Skeleton className="h-6 w-full" />
        )}
        <SwitchSaveStatus status={saving.status} />
      </CardContent>
    </Card>
  );
}
