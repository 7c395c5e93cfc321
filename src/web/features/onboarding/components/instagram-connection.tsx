import { Link2, Unlink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  INSTAGRAM_CONNECT_MESSAGES,
  INSTAGRAM_CONNECT_RESULTS,
  type InstagramConnectResult,
} from '../../../../shared/schemas/instagram';
import { PlatformIcon } from '../../../components/platform-icon';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ButtonSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useConnectInstagram, useDisconnectInstagram, useInstagramConnection } from '../api/instagram-api';
import { QueryFailedAlert } from './profile-not-loaded';

const isResult = (v: string | null): v is InstagramConnectResult =>
  (INSTAGRAM_CONNECT_RESULTS as readonly (string | null)[]).includes(v);

/**
 * /profile's Instagram section: connect the professional account (the browser goes to Instagram and comes back
 * with ?instagram=<result>), see which account is connected, reconnect when the token ended, disconnect.
 */
export function InstagramConnectionSection() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState<InstagramConnectResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const status = useInstagramConnection();
  const connect = useConnectInstagram();
  const disconnect = useDisconnectInstagram();

  // The callback's result shows once; the address loses it so a reload does not repeat it.
  const returned = params.get('instagram');
  useEffect(() => {
    if (!isResult(returned)) return;
    setResult(returned);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('instagram');
        return next;
      },
      { replace: true },
    );
  }, [returned, setParams]);

  const connection = status.data?.connection ?? null;
  const connectButton = (label: string) => (
    <Button
      className="w-fit"
      onClick={() => connect.mutate()}
      disabled={connect.isPending}
      aria-describedby={connect.isError ? `${id}-error` : undefined}
    >
      {connect.isPending ? <ButtonSpinner label="Opening Instagram" /> : <Link2 aria-hidden="true" />}
      {label}
    </Button>
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 flex flex-col gap-4 border-t border-slate-100 pt-6"
      data-testid="instagram-connection"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span aria-hidden="true">
          <PlatformIcon platform="instagram" className="size-5" />
        </span>
        Instagram connection
      </h2>
      {result ? (
        <Alert
          variant={result === 'connected' ? 'default' : 'destructive'}
          title={result === 'connected' ? 'Instagram connected' : 'Instagram not connected'}
        >
          <p>{INSTAGRAM_CONNECT_MESSAGES[result]}</p>
        </Alert>
      ) : null}
      {status.isPending ? (
        <Spinner label="Loading your Instagram connection" />
      ) : status.isError ? (
        <QueryFailedAlert
          title="Your Instagram connection could not be loaded"
          query={status}
          fallback="Please try again."
        />
      ) : !status.data.available && !connection ? (
        <p className="text-sm text-slate-600">
          Connecting Instagram is not available yet. Your Instagram figures are entered by the Mintbox team or
          reported by you with a screenshot.
        </p>
      ) : connection ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Connected as <strong className="font-semibold">@{connection.username}</strong>. Views, reach,
            saves, likes, comments and shares of your approved Instagram posts are read from Instagram, and
            brands see your followers’ ages.
          </p>
          {connection.needsReconnect ? (
            <Alert variant="destructive" title="Connect Instagram again">
              <p>Instagram no longer accepts this connection, so no figures are read. Connect it again.</p>
            </Alert>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            {connection.needsReconnect ? connectButton('Reconnect Instagram') : null}
            <Button variant="outline" className="w-fit" onClick={() => setConfirming(true)}>
              <Unlink aria-hidden="true" />
              Disconnect
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Connect your Instagram business or creator account so the figures of your approved posts are read
            from Instagram instead of reported by hand. Mintbox only reads your posts’ insights and your
            followers’ ages; it never posts for you.
          </p>
          {connectButton('Connect Instagram')}
        </div>
      )}
      {connect.isError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {getErrorMessage(connect.error, 'Instagram could not be reached. Please try again.')}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect Instagram?"
        description="Figures already read stay. New figures of your Instagram posts are then entered by the Mintbox team or reported by you."
        confirmLabel="Disconnect"
        confirmVariant="destructive"
        pending={disconnect.isPending}
        error={disconnect.isError ? getErrorMessage(disconnect.error) : null}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setResult(null);
              toast({ title: 'Instagram disconnected', variant: 'success' });
            },
          })
        }
      />
    </section>
  );
}
