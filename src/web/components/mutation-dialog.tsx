import type { ComponentProps } from 'react';
import { getErrorMessage } from '../lib/api-client';
import { ConfirmDialog } from './ui/confirm-dialog';
import { type ToastOptions, toast } from './ui/toast';

/** What a dialog reads of its mutation (TanStack Query's useMutation): whether it runs, and why it failed. */
export interface DialogMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** The refusal of a mutation that failed, in words for the person (null while there is none). */
export function mutationError(mutation: DialogMutation): string | null {
  return mutation.isError ? getErrorMessage(mutation.error) : null;
}

type MutationDialogProps = Omit<
  ComponentProps<typeof ConfirmDialog>,
  'open' | 'onOpenChange' | 'pending' | 'error'
> & {
  mutation: DialogMutation;
  onClose: () => void;
  /** A message of the form's own, shown before the mutation's refusal. */
  formError?: string | null | undefined;
};

/**
 * A dialog whose confirm button runs one mutation (a ConfirmDialog): open as long as it is mounted, `onClose` on
 * Cancel or Escape, busy while the mutation runs, and the mutation's refusal shown inside.
 */
export function MutationDialog({ mutation, onClose, formError, ...dialog }: MutationDialogProps) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      pending={mutation.isPending}
      error={formError || mutationError(mutation)}
      {...dialog}
    />
  );
}

/**
 * Runs a dialog's mutation; once it succeeded, says so in a toast and closes the dialog. A failure is not thrown on:
 * the mutation keeps it, and the dialog shows it (`mutationError`).
 */
export async function runThenClose(
  run: () => Promise<unknown>,
  done: ToastOptions,
  onClose: () => void,
): Promise<void> {
  try {
    await run();
  } catch {
    return;
  }
  toast(done);
  onClose();
}
