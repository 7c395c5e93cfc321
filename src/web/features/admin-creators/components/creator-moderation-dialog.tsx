import { useEffect, useId, useState } from 'react';
import type { ModerationAction } from '../../../../shared/moderation';
import { moderationInputSchema } from '../../../../shared/schemas/creator-admin';
import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
import { TextareaField } from '../../../components/ui/textarea';
import { useFormCheck } from '../../../lib/admin-form-check';
import { useCreatorActions } from '../api/creator-management';

const COPY: Record<
  ModerationAction,
  { title: string; confirm: string; done: string; explain: string; variant: 'destructive' | 'default' }
> = {
  suspend: {
    title: 'Suspend this creator?',
    confirm: 'Suspend',
    done: 'Creator suspended',
    explain:
      'They will not be able to apply to campaigns. Campaigns they are already part of go on as usual. They are told by mail, with your reason.',
    variant: 'destructive',
  },
  ban: {
    title: 'Ban this creator?',
    confirm: 'Ban',
    done: 'Creator banned',
    explain:
      'They are signed out everywhere at once and cannot sign in or apply. Their pending payouts are held for review. They are told by mail, with your reason.',
    variant: 'destructive',
  },
  restore: {
    title: 'Lift the restriction?',
    confirm: 'Lift',
    done: 'Restriction lifted',
    explain: 'They can sign in and apply again. They are told by mail, with your note.',
    variant: 'default',
  },
};

/** Suspend, ban or lift, with a required reason (kept in the audit log and mailed to the creator). */
export function CreatorModerationDialog({
  creatorId,
  creatorName,
  action,
  onClose,
}: {
  creatorId: number;
  creatorName: string;
  action: ModerationAction | null;
  onClose: () => void;
}) {
  const id = useId();
  const { moderate } = useCreatorActions(creatorId);
  const [reason, setReason] = useState('');
  const { problem, setProblem, check } = useFormCheck(moderationInputSchema);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    setReason('');
    setProblem(undefined);
    moderate.reset();
  }, [action]);
  if (!action) return null;
  const copy = COPY[action];

  const confirm = async () => {
    const input = check({ reason });
    if (!input) return;
    await runThenClose(
      () => moderate.mutateAsync({ action, reason: input.reason }),
      { title: copy.done, description: `${creatorName} was told by mail.`, variant: 'success' },
      onClose,
    );
  };

  return (
    <MutationDialog
      mutation={moderate}
      onClose={onClose}
      title={copy.title}
      description={
        <p>
          <strong>{creatorName}</strong>: {copy.explain}
        </p>
      }
      confirmLabel={copy.confirm}
      confirmVariant={copy.variant}
      onConfirm={confirm}
    >
      <TextareaField
        id={`${id}-reason`}
        label={action === 'restore' ? 'Note to the creator' : 'Reason'}
        hint="Required. The creator sees it in the mail; it stays in the audit log."
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={problem}
        maxLength={500}
        autoFocus
      />
    </MutationDialog>
  );
}
