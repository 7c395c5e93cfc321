import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { PasswordField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useYearEndExport } from '../api/tax-year';

/**
 * The year-end CSV holds full TINs: the admin re-enters their password first (checked by the server like a
 * sign-in), and the download is written to the audit log.
 */
export function YearEndExportDialog({
  year,
  recipients,
  open,
  onOpenChange,
}: {
  year: number;
  recipients: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const exporter = useYearEndExport();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = (next: boolean) => {
    if (exporter.isPending) return;
    if (!next) {
      setPassword('');
      setError(undefined);
      exporter.reset();
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (exporter.isPending) return;
    if (!password) {
      setError('Enter your password to download the year-end file.');
      return;
    }
    try {
      const name = await exporter.mutateAsync({ year, password });
      toast({
        title: 'Year-end file downloaded',
        description: `${name} (recorded in the audit log).`,
        variant: 'success',
      });
      close(false);
    } catch (caught) {
      setError(getErrorMessage(caught));
      setPassword('');
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={returnFocus} data-testid="year-end-dialog">
        <DialogHeader>
          <DialogTitle>Download the {year} year-end file</DialogTitle>
          <DialogDescription>
            A CSV for your 1099-NEC filing service: {recipients} creator{recipients === 1 ? '' : 's'} paid
            $600 or more with a W-9, with their full TIN. Confirm with your password; the download is recorded
            in the audit log.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <PasswordField
            kind="current"
            id={`${id}-password`}
            label="Your password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
          {recipients === 0 ? (
            <Alert title="Nobody to file for">The file will have the header row only.</Alert>
          ) : null}
          <FormActions>
            <Button variant="outline" onClick={() => close(false)} disabled={exporter.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={exporter.isPending}>
              {exporter.isPending ? 'Checking…' : 'Download CSV'}
            </Button>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
