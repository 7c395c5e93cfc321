import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { shipsBox } from '../../../../shared/constants';
import { type Applicant, changesRequestSchema, decisionSchema } from '../../../../shared/schemas/application';
import type { AdminCampaign } from '../../../../shared/schemas/campaign';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { campaignReward } from '../../../lib/format';
import { maxLengthOf } from '../../../lib/schema-limits';
import type { useReviewActions } from '../api/applicants';
import { AskChoiceOffer } from './ask-choice';

type ReviewActions = ReturnType<typeof useReviewActions>;

/** The review step an admin opened a dialog for. */
export type ReviewDialog =
  | { kind: 'decide'; ids: number[]; names: string[]; decision: 'accept' | 'reject' }
  | { kind: 'approve'; applicant: Applicant }
  | { kind: 'changes'; applicant: Applicant };

const DECISION_MESSAGE_MAX = maxLengthOf(decisionSchema.shape.message);
const CHANGES_MESSAGE_MAX = maxLengthOf(changesRequestSchema.shape.message);

const onClosed = (onClose: () => void) => (open: boolean) => (open ? undefined : onClose());

/** Accept or reject one or several applicants, with an optional message for their email. */
export function DecisionDialog({
  dialog,
  campaign,
  review,
  onClose,
  onDecided,
}: {
  dialog: Extract<ReviewDialog, { kind: 'decide' }>;
  campaign: AdminCampaign;
  review: ReviewActions;
  onClose: () => void;
  onDecided: () => void;
}) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  // A single accept refused because the creator's option ran out: offer to ask them for another (issue 37).
  const [soldOut, setSoldOut] = useState(false);
  const form = useForm<z.input<typeof decisionSchema>, unknown, z.output<typeof decisionSchema>>({
    resolver: zodResolver(decisionSchema),
    defaultValues: { message: '' },
  });
  const accept = dialog.decision === 'accept';
  const who = dialog.ids.length === 1 ? dialog.names[0]! : `${dialog.ids.length} creators`;
  const send = form.handleSubmit(async ({ message }) => {
    setServerError(null);
    try {
      await review.decide.mutateAsync({
        ids: dialog.ids,
        decision: dialog.decision,
        message: message || undefined,
      });
    } catch (error) {
      setServerError(getErrorMessage(error));
      setSoldOut(dialog.ids.length === 1 && isApiError(error, 'SOLD_OUT'));
      return;
    }
    onDecided();
    toast({
      title: `${accept ? 'Accepted' : 'Rejected'} ${who}`,
      description: 'They were told by email.',
      variant: 'success',
    });
    onClose();
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={onClosed(onClose)}
      title={`${accept ? 'Accept' : 'Reject'} ${who}?`}
      description={
        accept
          ? `They join ${campaign.name}${shipsBox(campaign.type) ? ' and wait for their PR box' : ''}. Each gets an email.`
          : 'Each gets an email saying they were not selected this time.'
      }
      confirmLabel={accept ? 'Accept' : 'Reject'}
      confirmVariant={accept ? 'default' : 'destructive'}
      pending={review.decide.isPending}
      error={form.formState.errors.message?.message ?? serverError}
      onConfirm={() => void send()}
    >
      <TextareaField
        id={`${id}-message`}
        label="Message to the creator (optional)"
        maxLength={DECISION_MESSAGE_MAX}
        rows={4}
        placeholder="It is included in the email they receive."
        {...form.register('message')}
      />
      {soldOut ? <AskChoiceOffer applicationId={dialog.ids[0]!} name={who} onAsked={onClose} /> : null}
    </ConfirmDialog>
  );
}

/** Approve a submission: the campaign's Mint (if any) is credited once. */
export function ApproveDialog({
  applicant,
  campaign,
  review,
  onClose,
  onApproved,
}: {
  applicant: Applicant;
  campaign: AdminCampaign;
  review: ReviewActions;
  onClose: () => void;
  onApproved: (credited: number) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const approve = async () => {
    setServerError(null);
    try {
      const result = await review.approve.mutateAsync(applicant.latestSubmission!.id);
      onApproved(result.credited);
      toast({
        title: 'Content approved',
        description: `${result.credited} Mint credited to ${applicant.creator.name}.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={onClosed(onClose)}
      title={`Approve content from ${applicant.creator.name}?`}
      description={
        campaign.reward > 0
          ? `This credits the reward of ${campaignReward(campaign).mint} to their balance, once.`
          : 'This campaign pays no Mint: approving marks their content as done.'
      }
      confirmLabel="Approve"
      pending={review.approve.isPending}
      error={serverError}
      onConfirm={() => void approve()}
    />
  );
}

/** Ask for changes to a submission; the message (required) goes to the creator by email. */
export function RequestChangesDialog({
  applicant,
  review,
  onClose,
}: {
  applicant: Applicant;
  review: ReviewActions;
  onClose: () => void;
}) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<typeof changesRequestSchema>, unknown, z.output<typeof changesRequestSchema>>({
    resolver: zodResolver(changesRequestSchema),
    defaultValues: { message: '' },
  });
  const fieldError = form.formState.errors.message;
  const send = form.handleSubmit(async ({ message }) => {
    setServerError(null);
    try {
      await review.requestChanges.mutateAsync({ submissionId: applicant.latestSubmission!.id, message });
    } catch (error) {
      setServerError(getErrorMessage(error));
      return;
    }
    toast({ title: 'Changes requested', description: `${applicant.creator.name} was told by email.` });
    onClose();
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={onClosed(onClose)}
      title={`Request changes from ${applicant.creator.name}?`}
      description="They get your message by email and can submit their content again."
      confirmLabel="Send request"
      pending={review.requestChanges.isPending}
      error={
        fieldError
          ? fieldError.type === 'too_small'
            ? 'Tell the creator what to change.'
            : fieldError.message
          : serverError
      }
      onConfirm={() => void send()}
    >
      <TextareaField
        id={`${id}-message`}
        label="What should change?"
        maxLength={CHANGES_MESSAGE_MAX}
        rows={4}
        required
        aria-required
        placeholder="e.g. Please show the product label in the first 3 seconds."
        {...form.register('message')}
      />
    </ConfirmDialog>
  );
}
