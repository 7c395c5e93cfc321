import { useState } from 'react';
import type { AdminCampaign } from '../../../../shared/schemas/campaign';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useDeleteCampaign, useEndCampaign } from '../api/campaign-list';

/** Delete, with a question first; a campaign with applications cannot go (409), so the dialog offers to end it. */
export function DeleteCampaignDialog({
  campaign,
  onClose,
}: {
  campaign: AdminCampaign | null;
  onClose: () => void;
}) {
  const remove = useDeleteCampaign();
  const end = useEndCampaign();
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [shown, setShown] = useState<AdminCampaign | null>(campaign);
  if (campaign && campaign !== shown) {
    setShown(campaign);
    setError(null);
    setConflict(null);
  }
  const target = campaign ?? shown;
  if (!target) return null;

  const close = () => {
    remove.reset();
    end.reset();
    onClose();
  };
  const onDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync(target.id);
      toast({ title: 'Campaign deleted', description: target.name, variant: 'success' });
      close();
    } catch (e) {
      // A campaign that creators applied to cannot go: the answer says so, and the dialog offers to end it.
      const message = getErrorMessage(e, 'The campaign could not be deleted.');
      if (isApiError(e, 'CONFLICT')) setConflict(message);
      else setError(message);
    }
  };
  const onEnd = async () => {
    setError(null);
    try {
      await end.mutateAsync(target);
      toast({ title: 'Campaign ended', description: target.name, variant: 'success' });
      close();
    } catch (e) {
      setError(getErrorMessage(e, 'The campaign could not be ended.'));
    }
  };
  const onOpenChange = (open: boolean) => (open ? undefined : close());

  if (conflict !== null) {
    const ended = target.status === 'ended';
    return (
      <ConfirmDialog
        open={campaign !== null}
        onOpenChange={onOpenChange}
        title={`${target.name} cannot be deleted`}
        description={
          <>
            <p>{conflict}</p>
            <p className="mt-2">
              {ended
                ? 'It is already ended: creators cannot apply, and its applications stay in your records.'
                : 'Ending it stops new applications; its applicants and their work stay in your records.'}
            </p>
          </>
        }
        confirmLabel={ended ? 'Close' : 'End campaign'}
        confirmVariant={ended ? 'outline' : 'destructive'}
        onConfirm={ended ? close : onEnd}
        pending={end.isPending}
        error={error}
      />
    );
  }
  return (
    <ConfirmDialog
      open={campaign !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${target.name}?`}
      description="This removes the campaign for good. A campaign that creators applied to cannot be deleted; you can end it instead."
      confirmLabel="Delete"
      confirmVariant="destructive"
      onConfirm={onDelete}
      pending={remove.isPending}
      error={error}
    />
  );
}
