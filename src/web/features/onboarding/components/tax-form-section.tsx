import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { taxFormInputSchema } from '../../../../shared/schemas/tax';
import { TAX_FORM_LABELS, type TaxFormType } from '../../../../shared/tax';
import { ErrorPanel } from '../../../components/error-panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useFileTaxForm, useTaxForm } from '../api/tax-form';
import { type TaxDraft, type TaxErrors, W8benFields, W9Fields } from './tax-form-fields';
import { Figures, OnFile } from './tax-form-on-file';

const W9_KEYS = [
  'legalName',
  'businessName',
  'taxClassification',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'tinType',
  'tin',
];
const W8_KEYS = [
  'legalName',
  'country',
  'addressLine1',
  'addressLine2',
  'city',
  'postalCode',
  'foreignTin',
  'dateOfBirth',
  'treatyCountry',
  'treatyArticle',
];
const START: TaxDraft = { tinType: 'ssn' };

/** What the form sends: only the chosen form's fields. */
function body(type: TaxFormType, draft: TaxDraft, certify: boolean) {
  const keys = type === 'w9' ? W9_KEYS : W8_KEYS;
  return { type, ...Object.fromEntries(keys.map((k) => [k, draft[k] ?? ''])), certify };
}

/**
 * The Tax form section of /profile (issue 27): a W-9 for US persons or a W-8BEN for others. The TIN is sent once and
 * read back only masked; replacing the form keeps the old one (marked replaced). Payouts that bring the year's
 * total to $600 or more wait for it (the wallet links here, to #tax-form).
 */
export function TaxFormSection() {
  const id = useId();
  const taxForm = useTaxForm();
  const file = useFileTaxForm();
  const [editing, setEditing] = useState(false);
  const [type, setType] = useState<TaxFormType>('w9');
  const [draft, setDraft] = useState<TaxDraft>(START);
  const [certify, setCertify] = useState(false);
  const [errors, setErrors] = useState<TaxErrors>({});
  const [status, setStatus] = useState('');

  // /profile#tax-form (the wallet's link) opens the form and scrolls here once the section has its content.
  const loaded = taxForm.isSuccess;
  useEffect(() => {
    if (loaded && window.location.hash === '#tax-form') {
      setEditing(true);
      document.getElementById('tax-form')?.scrollIntoView({ block: 'start' });
    }
  }, [loaded]);

  const set = (name: string) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const cancel = () => {
    setEditing(false);
    setDraft(START);
    setCertify(false);
    setErrors({});
    file.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file.isPending) return;
    setStatus('');
    const input = body(type, draft, certify);
    const parsed = taxFormInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: TaxErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        next[key] ??= issue.message;
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      document.getElementById(first === 'certify' ? `${id}-certify` : `${id}-${first}`)?.focus();
      return;
    }
    try {
      const saved = await file.mutateAsync(input);
      const masked = saved.form?.tinMasked;
      const message = `${TAX_FORM_LABELS[type]} saved${masked ? `; your TIN is stored as ${masked}` : ''}.`;
      setStatus(message);
      toast({ title: 'Tax form saved', description: message, variant: 'success' });
      cancel();
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
    }
  };

  return (
    <section
      id="tax-form"
      aria-labelledby={`${id}-title`}
      className="mt-10 flex scroll-mt-24 flex-col gap-4 border-t border-slate-200 pt-6"
      data-testid="tax-form"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Tax form
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          US law asks us to hold a tax form before we pay you $600 or more in a calendar year: a W-9 if you
          are a US person, a W-8BEN if you are not. Payouts that would bring your year to $600 wait until it
          is on file.
        </p>
      </div>
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
            <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Tax form">
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-semibold text-slate-800">Which form?</legend>
                <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
                  {(['w9', 'w8ben'] as const).map((option) => (
                    <label
                      key={option}
                      className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800"
                    >
                      <input
                        type="radio"
                        name={`${id}-type`}
                        value={option}
                        checked={type === option}
                        onChange={() => {
                          setType(option);
                          setErrors({});
                        }}
                        className="size-4 accent-mint-700"
                      />
                      {option === 'w9' ? 'W-9 (I am a US person)' : 'W-8BEN (I am not a US person)'}
                    </label>
                  ))}
                </div>
              </fieldset>
              {type === 'w9' ? (
                <W9Fields id={id} draft={draft} errors={errors} set={set} />
              ) : (
                <W8benFields id={id} draft={draft} errors={errors} set={set} />
              )}
              <div className="flex flex-col gap-1">
                <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
                  <input
                    id={`${id}-certify`}
                    type="checkbox"
                    checked={certify}
                    onChange={(event) => {
                      setCertify(event.target.checked);
                      setErrors((e) => ({ ...e, certify: undefined }));
                    }}
                    aria-invalid={errors.certify ? true : undefined}
                    aria-describedby={errors.certify ? `${id}-certify-error` : undefined}
                    className="mt-0.5 size-5 shrink-0 accent-mint-700"
                  />
                  <span>
                    Under penalties of perjury, I certify that the information on this form is true, correct
                    and complete
                    {type === 'w9'
                      ? ', and that the TIN shown is my correct taxpayer identification number'
                      : ''}
                    .
                  </span>
                </label>
                {errors.certify ? (
                  <p id={`${id}-certify-error`} className="text-sm font-medium text-red-700">
                    {errors.certify}
                  </p>
                ) : null}
              </div>
              {file.isError && !(file.error instanceof ApiError && file.error.field) ? (
                <Alert variant="destructive" title="Your tax form was not saved">
                  {getErrorMessage(file.error)}
                </Alert>
              ) : null}
              <FormActions>
                <Button variant="outline" onClick={cancel}>
                  {taxForm.data.form ? 'Keep the form on file' : 'Cancel'}
                </Button>
                <Button type="submit" disabled={file.isPending}>
                  {file.isPending ? 'Saving…' : taxForm.data.form ? 'Replace tax form' : 'Save tax form'}
                </Button>
              </FormActions>
            </form>
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
    </section>
  );
}
