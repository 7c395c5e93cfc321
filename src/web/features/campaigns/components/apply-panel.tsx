import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Info } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { nextStep } from '../../../../shared/lifecycle/creator-progress';
import type { Eligibility } from '../../../../shared/schemas/application';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/navigation';
import type { SessionState } from '../../../lib/use-session';
import { eligibilityQuery } from '../api/campaign-queries';

/** Where a creator can fix what keeps them from applying. */
const FIX_LINKS: Record<string, { to: string; label: string }> = {
  profile_incomplete: { to: '/profile-setup', label: 'Complete your profile' },
  email_unverified: { to: '/email-verification', label: 'Verify your email' },
};

/**
 * Applying on /campaign/:id for a signed-in creator: Apply Now (with an optional pitch), the reason they cannot
 * apply (the server's words), or where their application stands. Visitors see nothing here: the page already
 * offers 'Sign In to Apply'. Admins have no creator account, so nothing either.
 */
export function ApplyPanel({ campaign, session }: { campaign: Campaign; session: SessionState }) {
  const creator = session.status === 'signed-in' && session.user.role === 'influencer';
  const eligibility = useQuery({ ...eligibilityQuery(campaign.id), enabled: creator });
  if (!creator) return null;
  // No creator session after all (it expired, or the account is not a creator): the header offers sign-in.
  if (isApiError(eligibility.error, 'UNAUTHORIZED', 'FORBIDDEN')) return null;
  // The Reward Details card already says when a campaign is closed or past its deadline: no second message.
  const data = eligibility.data;
  if (data && !data.application && (data.reason === 'not_active' || data.reason === 'deadline_passed'))
    return null;

  return (
    <Card data-testid="apply-panel" aria-labelledby="apply-panel-title">
      <CardHeader className="pb-3">
        <CardTitle id="apply-panel-title">
          {eligibility.data?.application ? 'Your application' : 'Apply'}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {eligibility.isPending ? <Skeleton className="h-12 w-full rounded-lg" /> : null}
        {eligibility.isError ? (
          <div role="alert" className="flex flex-col gap-2 text-sm text-red-800">
            <p>{getErrorMessage(eligibility.error)}</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => eligibility.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        {eligibility.data ? <PanelBody campaign={campaign} eligibility={eligibility.data} /> : null}
      </CardContent>
    </Card>
  );
}

function PanelBody({ campaign, eligibility }: { campaign: Campaign; eligibility: Eligibility }) {
  if (eligibility.application) {
    const { status } = eligibility.application;
    return (
      <div className="flex flex-col gap-3" data-testid="application-status">
        <div className="flex items-center gap-2">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-mint-700" />
          <ApplicationStatusBadge status={status} />
        </div>
        <p className="text-sm text-slate-700">{nextStep(status, campaign.type)}</p>
        <Link
          to="/dashboard?tab=campaigns"
          className={buttonVariants({ variant: 'outline', className: 'w-full' })}
        >
          Go to Dashboard
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    );
  }
  if (eligibility.canApply) return <ApplyButton campaign={campaign} />;
  const fix = eligibility.reason ? FIX_LINKS[eligibility.reason] : undefined;
  return (
    <div className="flex flex-col gap-3">
      <p
        className="flex gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700"
        data-testid="apply-reason"
        data-reason={eligibility.reason ?? undefined}
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        {eligibility.message}
      </p>
      {fix ? (
        <Link to={fix.to} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
          {fix.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The dialog's code (Radix) loads only when a creator opens it: the campaign page is on the public fast path. */
const ApplyDialog = lazy(() => import('./apply-dialog').then((m) => ({ default: m.ApplyDialog })));

function ApplyButton({ campaign }: { campaign: Campaign }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        size="lg"
        className="w-full"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        Apply Now
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ApplyDialog campaign={campaign} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
