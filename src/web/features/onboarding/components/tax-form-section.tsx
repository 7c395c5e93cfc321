import { useEffect, useId, useState } from 'react';
import type { TaxFormType } from '../../../../shared/tax';
import { ErrorPanel } from '../../../components/error-panel';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTaxForm } from '../api/tax-form';
import { ProfileSection } from './profile-section';
import { TaxFormEditor } from './tax-form-editor';
import { Figures, OnFile } from './tax-form-on-file';

/**
 * The Tax form section of /profile (issue 27): a W-9 for US persons or a W-8BEN for others. The TIN is sent once and
 * read back only masked; replacing the form keeps the old one (marked replaced). Payouts that bring the year's
 * total to $600 or more wait for it (the wallet links here, to #tax-form).
 */
export function TaxFormSection() {
  const id = useId();
  const taxForm = useTaxForm();
  const [editing, setEditing] = useState(false);
  const [type, setType] = useState<TaxFormType>('w9');
  const [status, setStatus] = useState('');

  // /profile#tax-form (the wallet's link) opens the form and scrolls here once the section has its content.
  const loaded = taxForm.isSuccess;
  useEffect(() => {
    if (loaded && window.location.hash === '#tax-form') {
      setEditing(true);
      document.getElementById('tax-form')?.scrollIntoView({ block: 'start' });
    }
  }, [loaded]);

  return (
    <ProfileSection
      title="Tax form"
      testId="tax-form"
      anchor="tax-form"
      intro={
        <>
          US law asks us to hold a tax form before we pay you $600 or more in a calendar year: a W-9 if you
          are a US person, a W-8BEN if you are not. Payouts that would bring your year to $600 wait until it
          is on file.
        </>
      }
    >
      <p role="status" className="sr-only">
        {status}
      </p>
      {taxForm.isPending ? (
        <div role="status" aria-label="Loading your tax form">
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      ) : taxForm.isError ? (
        <ErrorPanel
          compact
          title="We couldn't load your tax form."
          error={taxForm.error}
          onRetry={() => taxForm.refetch()}
        />
      ) : (
        <>
          <Figures data={taxForm.data} />
          {editing ? (
            <TaxFormEditor
              id={id}
              type={type}
              onTypeChange={setType}
              replacing={Boolean(taxForm.data.form)}
              onClose={() => setEditing(false)}
              onSaved={setStatus}
            />
          ) : taxForm.data.form ? (
            <OnFile data={taxForm.data} onReplace={() => setEditing(true)} />
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700" data-testid="tax-form-none">
                No tax form on file yet.
              </p>
              <Button variant="outline" onClick={() => setEditing(true)}>
                File a tax form
              </Button>
            </div>
          )}
        </>
      )}
    </ProfileSection>
  );
}
