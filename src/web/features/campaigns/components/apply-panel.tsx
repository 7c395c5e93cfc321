import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Info, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { type ApplicationStatus, nextStep } from '../../../../shared/lifecycle';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiFetch } from '../../../lib/api-client';
import type { SessionState } from '../../../lib/use-session';
import { campaignKeys } from '../api/campaign-queries';

interface Eligibility {
  canApply: boolean;
  reason: string | null;
  message: string | null;
  application: { id: number; status: ApplicationStatus } | null;
}

const PITCH_MAX = 1000;

/** Private to the signed-in creator: kept out of the 'campaigns' cache that survives signing out. */
export const eligibilityKey = (campaignId: number) => ['me', 'eligibility', campaignId] as const;

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
  const eligibility = useQuery({
    queryKey: eligibilityKey(campaign.id),
    queryFn: ({ signal }) => apiFetch<Eligibility>(`/api/campaigns/${campaign.id}/eligibility`, { signal }),
    enabled: creator,
    staleTime: 30_000,
  });
  if (!creator) return null;
  // No creator session after all (it expired, or the account is not a creator): the header offers sign-in.
  if (eligibility.error instanceof ApiError && [401, 403].includes(eligibility.error.status)) return null;

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
            <p>{eligibility.error.message}</p>
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
  if (eligibility.canApply) return <ApplyDialog campaign={campaign} />;
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

function ApplyDialog({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pitch, setPitch] = useState('');
  const apply = useMutation({
    mutationFn: (text: string) =>
      apiFetch<{ id: number }>(`/api/campaigns/${campaign.id}/applications`, {
        method: 'POST',
        body: JSON.stringify(text ? { pitch: text } : {}),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eligibilityKey(campaign.id) }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.detail(String(campaign.id)) }),
        queryClient.invalidateQueries({ queryKey: ['me', 'applications'] }),
      ]),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await apply.mutateAsync(pitch.trim());
      setOpen(false);
      toast({
        title: 'Application sent',
        description: `Follow ${campaign.name} on your dashboard.`,
        variant: 'success',
      });
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (apply.isPending) return;
        setOpen(next);
        if (next) apply.reset();
      }}
    >
      <Button size="lg" className="w-full" onClick={() => setOpen(true)}>
        Apply Now
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Apply to {campaign.name}</DialogTitle>
          <DialogDescription>
            {campaign.brand} reviews every application. You will hear back by email and on your dashboard.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-pitch`}>Why are you a good fit? (optional)</Label>
            <Textarea
              id={`${id}-pitch`}
              value={pitch}
              maxLength={PITCH_MAX}
              rows={5}
              onChange={(event) => setPitch(event.target.value)}
              placeholder="Tell the brand about your audience and the content you have in mind."
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} className="text-right text-xs text-slate-500">
              {pitch.length} / {PITCH_MAX}
            </p>
          </div>
          {apply.isError ? <Alert variant="destructive">{apply.error.message}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={apply.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? (
                <Spinner
                  className="[&>span:first-child]:size-4 [&>span:first-child]:border-2"
                  label="Sending"
                />
              ) : (
                <Send aria-hidden="true" />
              )}
              Send Application
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
