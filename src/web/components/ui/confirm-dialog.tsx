import type { ReactNode } from 'react';
import { useReturnFocus } from '../../lib/use-return-focus';
import { ErrorAlert } from './alert';
import { Button, type ButtonProps } from './button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { FormActions } from './form-actions';
import { ButtonSpinner } from './spinner';

/**
 * A yes/no question in a modal: Cancel closes it, the confirm button runs `onConfirm`. `children` can hold extra
 * inputs (a message), `error` the server's answer when it failed.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmVariant = 'default',
  onConfirm,
  pending = false,
  error,
  children,
  extraActions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonProps['variant'];
  onConfirm: () => void;
  pending?: boolean;
  error?: string | null | undefined;
  children?: ReactNode;
  extraActions?: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent
        onCloseAutoFocus={returnFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription asChild>
              <div>{description}</div>
            </DialogDescription>
          ) : null}
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending) onConfirm();
          }}
        >
          {children}
          <ErrorAlert message={error} />
          <FormActions>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            {extraActions}
            <Button type="submit" variant={confirmVariant} disabled={pending}>
              {pending ? <ButtonSpinner label="Working" /> : null}
              {confirmLabel}
            </Button>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
