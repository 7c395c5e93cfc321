import type { ComponentProps } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** What the dialog reads of the mutation its confirm button runs (a TanStack Query mutation). */
interface RunningMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * An admin's dialog that is shown while it is rendered and runs one mutation: Cancel (or Escape) calls `onClose`,
 * the buttons wait while the mutation runs, and the server's refusal stands above them.
 */
export function MutationConfirmDialog({
  mutation,
  onClose,
  ...dialog
}: Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'onOpenChange' | 'pending' | 'error'> & {
  mutation: RunningMutation;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      pending={mutation.isPending}
      error={mutation.isError ? getErrorMessage(mutation.error) : null}
      {...dialog}
    />
  );
}
