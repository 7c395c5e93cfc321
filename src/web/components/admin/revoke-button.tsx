import { type ComponentProps, useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

type RevokeButtonProps = Pick<ComponentProps<typeof ConfirmDialog>, 'title' | 'description' | 'pending'> & {
  /** Runs the revocation (the mutation's `mutateAsync`). */
  onRevoke: () => Promise<unknown>;
  /** Why it was not done, when the server gives no reason. */
  failure: string;
};

/**
 * Revoke (an invitation, a report link): the button, then the question (a ConfirmDialog: `title`, `description`)
 * whose Revoke runs `onRevoke` and closes once it is done, or says why it was not done.
 */
export function RevokeButton({ onRevoke, failure, ...question }: RevokeButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        confirmLabel="Revoke"
        confirmVariant="destructive"
        onConfirm={async () => {
          try {
            await onRevoke();
            setOpen(false);
          } catch (e) {
            setError(getErrorMessage(e, failure));
          }
        }}
        error={error}
        {...question}
      />
    </>
  );
}
