import type { MyApplication } from '../../../../shared/schemas/application';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useApplicationActions } from '../api/dashboard-queries';

/** Withdraw: the creator leaves a campaign, after a question (it cannot be undone). */
export function WithdrawDialog({
  application,
  onClose,
}: {
  application: MyApplication;
  onClose: () => void;
}) {
  const { withdraw } = useApplicationActions();
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Withdraw from ${application.campaign.name}?`}
      description={
        application.status === 'accepted'
          ? 'Your place and anything held for you go to another creator. You cannot apply to this campaign again.'
          : 'The brand will no longer review your application. You cannot apply to this campaign again.'
      }
      confirmLabel="Withdraw"
      confirmVariant="destructive"
      pending={withdraw.isPending}
      error={withdraw.isError ? getErrorMessage(withdraw.error) : null}
      onConfirm={async () => {
        try {
          await withdraw.mutateAsync(application.id);
          toast({ title: 'Application withdrawn', description: application.campaign.name });
          onClose();
        } catch {
          // Shown in the dialog.
        }
      }}
    />
  );
}
