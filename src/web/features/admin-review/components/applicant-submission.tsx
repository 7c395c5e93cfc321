import { CheckCircle2, MessageSquare } from 'lucide-react';
import { PostPreview } from '../../../components/post-preview';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../../../lib/format';
import type { ApplicantStepProps } from './applicant-actions';

const SUBMISSION_STATUS: Record<string, string> = {
  submitted: 'Waiting for your review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

export function SubmissionArea({
  applicant,
  offers,
  actions,
  busy,
  credited,
}: ApplicantStepProps & { credited: number | undefined }) {
  const submission = applicant.latestSubmission!;
  // Only the latest submission, while it waits, can be reviewed (the table decides what the application allows).
  const waiting = submission.status === 'submitted';
  const reviewable = waiting && (offers.has('approve') || offers.has('request_changes'));
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-lg p-3 sm:p-4',
        reviewable ? 'bg-yellow-50 ring-1 ring-yellow-200' : 'bg-slate-50',
      )}
      data-testid="submission"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-800">
          Content · {formatShortDate(submission.createdAt)}
        </p>
        <span className="text-xs font-medium text-slate-600">{SUBMISSION_STATUS[submission.status]}</span>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Submitted posts">
        {submission.urls.map((url) => (
          <li key={url} className="flex min-w-0">
            <PostPreview
              url={url}
              preview={submission.previews.find((p) => p.postUrl === url)}
              className="flex-1"
            />
          </li>
        ))}
      </ul>
      {submission.note ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Note:</span> {submission.note}
        </p>
      ) : null}
      {submission.status === 'changes_requested' && submission.reviewMessage ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">You asked:</span> {submission.reviewMessage}
        </p>
      ) : null}
      {submission.status === 'approved' ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-green-800" data-testid="credited">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {credited !== undefined ? `Approved: ${credited} Mint credited` : 'Approved: reward credited'}
        </p>
      ) : null}
      {reviewable ? (
        <div className="flex flex-wrap gap-2">
          {offers.has('approve') ? (
            <Button
              size="sm"
              onClick={() => actions.approve(applicant)}
              disabled={busy}
              aria-label={`Approve content from ${applicant.creator.name}`}
            >
              <CheckCircle2 aria-hidden="true" />
              Approve
            </Button>
          ) : null}
          {offers.has('request_changes') ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.requestChanges(applicant)}
              disabled={busy}
              aria-label={`Request changes from ${applicant.creator.name}`}
            >
              <MessageSquare aria-hidden="true" />
              Request changes
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
