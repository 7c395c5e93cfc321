import { Compass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MyApplication } from '../../../../shared/schemas/application';
import { ErrorPanel } from '../../../components/error-panel';
import { buttonVariants } from '../../../components/ui/button';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { type ApplicationDialog, ApplicationItem } from './application-item';
import { ChangeChoiceDialog } from './change-choice-dialog';
import { MessageBrandDialog } from './message-brand-dialog';
import { ReportDeliveryDialog } from './report-delivery-dialog';
import { SubmitContentDialog } from './submit-content-dialog';
import { WithdrawDialog } from './withdraw-dialog';

/** My Campaigns: every application with its progress, next step and the actions open to the creator now. */
export function MyCampaigns({
  applications,
  loading,
  error,
  retry,
  limit,
}: {
  applications: MyApplication[];
  loading: boolean;
  error: Error | null;
  retry: () => void;
  limit?: number;
}) {
  const [open, setOpen] = useState<ApplicationDialog | null>(null);
  // A "new message" notification links here with ?conversation=<application id>: open that conversation.
  const [params, setParams] = useSearchParams();
  const linked = limit ? 0 : Number(params.get('conversation') ?? 0);
  // "Choose another option" (issue 37: the option ran out) links here with ?choose=<application id>.
  const choose = limit ? 0 : Number(params.get('choose') ?? 0);
  useEffect(() => {
    const application = linked ? applications.find((a) => a.id === linked) : undefined;
    if (application) setOpen({ kind: 'message', application });
  }, [linked, applications]);
  useEffect(() => {
    const application = choose ? applications.find((a) => a.id === choose && a.canChangeChoice) : undefined;
    if (application) setOpen({ kind: 'choice', application });
  }, [choose, applications]);
  if (loading) {
    return (
      <LoadingBlocks
        label="Loading your campaigns"
        blocks={['h-36 w-full rounded-xl', 'h-36 w-full rounded-xl']}
      />
    );
  }
  if (error) return <ErrorPanel title="We couldn't load your campaigns." error={error} onRetry={retry} />;
  if (applications.length === 0) return <NoCampaigns />;
  const shown = limit ? applications.slice(0, limit) : applications;
  const close = () => {
    setOpen(null);
    if (linked || choose)
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete('conversation');
          next.delete('choose');
          return next;
        },
        { replace: true },
      );
  };
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="My campaigns">
        {shown.map((application) => (
          <ApplicationItem key={application.id} application={application} onOpen={setOpen} />
        ))}
      </ul>
      {open?.kind === 'choice' ? <ChangeChoiceDialog application={open.application} onClose={close} /> : null}
      {open?.kind === 'withdraw' ? <WithdrawDialog application={open.application} onClose={close} /> : null}
      {open?.kind === 'report' ? (
        <ReportDeliveryDialog application={open.application} onClose={close} />
      ) : null}
      {open?.kind === 'message' ? (
        <MessageBrandDialog application={open.application} onClose={close} />
      ) : null}
      {open?.kind === 'submit' ? (
        <SubmitContentDialog application={open.application} onClose={close} />
      ) : null}
    </>
  );
}

function NoCampaigns() {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      data-testid="campaigns-empty"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-mint-50 text-mint-700">
        <Compass aria-hidden="true" className="size-6" />
      </span>
      <p className="text-lg font-semibold">No campaigns yet</p>
      <p className="max-w-sm text-sm text-slate-600">
        Campaigns you apply to show here with their progress, PR box tracking and content deadlines.
      </p>
      <Link to="/main" className={buttonVariants({ className: 'mt-2' })}>
        <Compass aria-hidden="true" />
        Browse Campaigns
      </Link>
    </div>
  );
}
