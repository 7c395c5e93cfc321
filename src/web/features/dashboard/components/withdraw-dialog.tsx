import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
import { useApplicationActions } from '../api/dashboard-queries';
import type { ApplicationDialogProps } from './application-dialog-props';

/** Withdraw: the creator leaves a campaign, after a question (it cannot be undone). */
export function WithdrawDialog({ application, onClose }: ApplicationDialogProps) {
  const { withdraw } = useApplicationActions();
  return (
    <MutationDialog
      mutation={withdraw}
      onClose={onClose}
      title={`Withdraw from ${application.campaign.name}?`}
      description={
        application.status === 'accepted'
          ? 'Your place and anything held for you go to another creator. You cannot apply to this campaign again.'
          : 'The brand will no longer review your application. You cannot apply to this campaign again.'
      }
      confirmLabel="Withdraw"
      confirmVariant="destructive"
      onConfirm={() =>
        runThenClose(
          () => withdraw.mutateAsync(application.id),
          { title: 'Application withdrawn', description: application.campaign.name },
          onClose,
        )
      }
    />
  );
}
