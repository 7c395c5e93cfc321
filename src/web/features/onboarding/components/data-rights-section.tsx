import { Download, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type ClosurePreview,
  DATA_EXPORT_LINK_HOURS,
  type DataExport,
  FRESH_SIGN_IN_MINUTES,
} from '../../../../shared/schemas/data-rights';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { toastFailure } from '../../../components/failure-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { ButtonSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { closeAccount, useClosurePreview, useDataExport, useRequestDataExport } from '../api/data-rights';
import { QueryFailedAlert } from './profile-not-loaded';
import { ProfileSection } from './profile-section';

/** Issue 27: "Download my data" and "Close my account" at the foot of /profile. */
export function DataRightsSection() {
  return (
    <>
      <DownloadMyData />
      <CloseMyAccount />
    </>
  );
}

function exportStatusText(latest: DataExport): string {
  switch (latest.status) {
    case 'requested':
      return `Requested on ${formatDateTime(latest.requestedAt)}. We are preparing your file and will email you a link when it is ready (usually within a few minutes).`;
    case 'ready':
      return `Ready: we emailed you a link. It works once, until ${formatDateTime(latest.expiresAt ?? latest.requestedAt)}.`;
    case 'downloaded':
      return `Downloaded on ${formatDateTime(latest.downloadedAt ?? latest.requestedAt)}. The link no longer works.`;
    case 'expired':
      return 'Your last link expired before it was used. Ask for a new file below.';
  }
}

function DownloadMyData() {
  const state = useDataExport();
  const request = useRequestDataExport();
  const latest = state.data?.latest ?? null;
  const preparing = latest?.status === 'requested';

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Data download requested',
          description: 'We will email you a link when your file is ready.',
          variant: 'success',
        }),
      onError: (error) => toastFailure('Data download not requested', error, 'Please try again.'),
    });

  return (
    <ProfileSection
      title="Download my data"
      testId="download-my-data"
      intro={
        <>
          Get a file (JSON) with everything we hold about you: your account and profile, social accounts,
          applications, content and its figures, messages, Mint ledger, payouts, notifications, sign-in
          history and mail preferences. We prepare it in the background and email you a link. The link works
          once, for {DATA_EXPORT_LINK_HOURS} hours, and only while you are signed in to this account.
        </>
      }
    >
      {state.isPending ? (
        <Skeleton className="h-10 w-full max-w-sm" />
      ) : state.isError ? (
        <QueryFailedAlert
          title="Your data download could not be loaded"
          query={state}
          fallback="Please try again."
        />
      ) : (
        <>
          {latest ? (
            <p className="text-sm text-slate-700" role="status" data-testid="data-export-status">
              {exportStatusText(latest)}
            </p>
          ) : null}
          <div>
            <Button variant="outline" onClick={ask} disabled={preparing || request.isPending}>
              {request.isPending ? <ButtonSpinner label="Requesting" /> : <Download aria-hidden="true" />}
              {latest && latest.status !== 'requested' ? 'Request a new file' : 'Download my data'}
            </Button>
          </div>
        </>
      )}
    </ProfileSection>
  );
}

function CloseMyAccount() {
  const [open, setOpen] = useState(false);
  return (
    <ProfileSection
      title="Close my account"
      testId="close-my-account"
      intro={
        <>
          Closing your account signs you out everywhere and cannot be undone. You will see exactly what
          happens to your applications and Mint before you confirm.
        </>
      }
    >
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <UserX aria-hidden="true" />
          Close my account
        </Button>
      </div>
      {open ? <CloseAccountDialog onClose={() => setOpen(false)} /> : null}
    </ProfileSection>
  );
}

function MintStatement({
  preview,
  giveUp,
  onGiveUp,
  checkboxId,
}: {
  preview: ClosurePreview;
  giveUp: boolean;
  onGiveUp: (value: boolean) => void;
  checkboxId: string;
}) {
  const { balance, minimumRedemption } = preview;
  if (balance === 0) return <li>You have no Mint balance, so there is nothing to give up.</li>;
  return (
    <li className="flex flex-col gap-2">
      {balance >= minimumRedemption ? (
        <span>
          You have <strong>{balance} Mint</strong>. You can{' '}
          <Link to="/dashboard?tab=wallet" className="font-medium text-teal-700 underline">
            redeem it in your wallet
          </Link>{' '}
          first. If you close now, you give up {balance} Mint: it is written in your Mint history as given up
          and can never be paid out.
        </span>
      ) : (
        <span>
          You have <strong>{balance} Mint</strong>, less than the {minimumRedemption} Mint needed to redeem,
          so it cannot be paid out. Closing gives it up; it is written in your Mint history as given up.
        </span>
      )}
      <label htmlFor={checkboxId} className="flex items-start gap-2 font-medium text-slate-900">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-4 accent-red-600"
          checked={giveUp}
          onChange={(event) => onGiveUp(event.target.checked)}
        />
        I give up my {balance} Mint
      </label>
    </li>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const preview = useClosurePreview(true);
  const [password, setPassword] = useState('');
  const [giveUp, setGiveUp] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = preview.data;

  async function confirm() {
    if (!data) return;
    if (data.balance > 0 && !giveUp) {
      setError(`Tick "I give up my ${data.balance} Mint", or redeem it first.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await closeAccount({
        ...(data.hasPassword ? { password } : {}),
        giveUpMint: giveUp,
      });
      // Off the signed-in pages (their guard would send a signed-out visitor to /signin): the page forgets the
      // session the server already ended, with its private data.
      void navigate('/account-closed', { replace: true, state: result });
    } catch (failure) {
      setPending(false);
      setError(
        failure instanceof ApiError
          ? failure.message
          : getErrorMessage(failure, 'Your account was not closed.'),
      );
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Close your account?"
      confirmLabel="Close my account"
      confirmVariant="destructive"
      pending={pending || !data}
      error={error}
      onConfirm={() => void confirm()}
      description={
        data ? (
          <ul
            className="flex list-disc flex-col gap-2 pl-5 text-left text-sm text-slate-700"
            data-testid="closure-statement"
          >
            <li>You are signed out everywhere at once and can no longer sign in.</li>
            <li>
              {data.openApplications === 0
                ? 'You have no applications under review.'
                : `${data.openApplications} application${data.openApplications === 1 ? '' : 's'} under review will be withdrawn.`}
            </li>
            {data.activeApplications > 0 ? (
              <li>
                {`${data.activeApplications} accepted campaign${data.activeApplications === 1 ? '' : 's'} you have not finished will end too: content not yet approved earns no Mint.`}
              </li>
            ) : null}
            <MintStatement preview={data} giveUp={giveUp} onGiveUp={setGiveUp} checkboxId={`${id}-give-up`} />
            <li>Payouts you have already requested are still sent to your PayPal.</li>
            <li>
              After {data.anonymiseAfterDays} days we delete your name, email, social handles, address, phone,
              connected-account tokens and uploaded files. Your Mint ledger, payouts and tax records stay, as
              the law requires, under an anonymous id.
            </li>
          </ul>
        ) : preview.isError ? (
          <span>
            {getErrorMessage(preview.error, 'What closing would do could not be loaded. Please try again.')}
          </span>
        ) : (
          <Spinner label="Loading what closing your account does" />
        )
      }
    >
      {data?.hasPassword ? (
        <CurrentPasswordField
          id={`${id}-password`}
          label="Your password"
          value={password}
          onChange={setPassword}
          autoFocus={false}
        />
      ) : data && !data.freshSignIn ? (
        <Alert title="Sign in again first">
          <p>
            Your account has no password, so we check it is you with a fresh sign-in: sign out, sign in again,
            then close your account within {FRESH_SIGN_IN_MINUTES} minutes.
          </p>
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
