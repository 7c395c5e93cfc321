import type { ReactNode } from 'react';
import { getErrorMessage } from '../lib/api-client';
import type { DialogMutation } from './mutation-dialog';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FormActions } from './ui/form-actions';

/**
 * The foot of a dialog's form that runs one mutation: the mutation's refusal, then Cancel and the submit button
 * (`children`: its label), both off while the mutation runs.
 */
export function MutationFormActions({
  mutation,
  onCancel,
  children,
}: {
  mutation: DialogMutation;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {mutation.isError ? <Alert variant="destructive">{getErrorMessage(mutation.error)}</Alert> : null}
      <FormActions>
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {children}
        </Button>
      </FormActions>
    </>
  );
}

/** A form dialog's `onOpenChange`: it stays open while its mutation runs, and opening it again forgets the last refusal. */
export function keptOpenWhilePending(
  mutation: { isPending: boolean; reset: () => void },
  onOpenChange: (open: boolean) => void,
) {
  return (next: boolean) => {
    if (mutation.isPending) return;
    if (next) mutation.reset();
    onOpenChange(next);
  };
}
