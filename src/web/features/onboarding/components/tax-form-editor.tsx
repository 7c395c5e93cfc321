import { type ChangeEvent, type FormEvent, useState } from 'react';
import { taxFormInputSchema } from '../../../../shared/schemas/tax';
import { TAX_FORM_LABELS, type TaxFormType } from '../../../../shared/tax';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { toast } from '../../../components/ui/toast';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useFileTaxForm } from '../api/tax-form';
import { type TaxDraft, type TaxErrors, W8benFields, W9Fields } from './tax-form-fields';

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
 * The tax form being filled in: the chosen form's fields, the certification and the save. Invalid fields are marked
 * (the first one focused: its id is `${id}-<field>`, `${id}-certify` for the certification); a saved form is announced (`onSaved` with the sentence; an empty one as a new try starts) and the editor closes.
 */
export function TaxFormEditor({
  id,
  type,
  onTypeChange,
  replacing,
  onClose,
  onSaved,
}: {
  id: string;
  type: TaxFormType;
  onTypeChange: (type: TaxFormType) => void;
  /** A form is on file already (this one replaces it). */
  replacing: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const file = useFileTaxForm();
  const [draft, setDraft] = useState<TaxDraft>(START);
  const [certify, setCertify] = useState(false);
  const [errors, setErrors] = useState<TaxErrors>({});

  const set = (name: string) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file.isPending) return;
    onSaved('');
    const input = body(type, draft, certify);
    const parsed = taxFormInputSchema.safeParse(input);
    if (!parsed.success) {
      const next = firstErrors(parsed.error.issues);
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    try {
      const saved = await file.mutateAsync(input);
      const masked = saved.form?.tinMasked;
      const message = `${TAX_FORM_LABELS[type]} saved${masked ? `; your TIN is stored as ${masked}` : ''}.`;
      onSaved(message);
      toast({ title: 'Tax form saved', description: message, variant: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Tax form">
      <TypeChoice
        id={id}
        type={type}
        onChange={(option) => {
          onTypeChange(option);
          setErrors({});
        }}
      />
      {type === 'w9' ? (
        <W9Fields id={id} draft={draft} errors={errors} set={set} />
      ) : (
        <W8benFields id={id} draft={draft} errors={errors} set={set} />
      )}
      <CertifyField
        id={id}
        type={type}
        certify={certify}
        error={errors.certify}
        onChange={(checked) => {
          setCertify(checked);
          setErrors((e) => ({ ...e, certify: undefined }));
        }}
      />
      <EditorActions file={file} replacing={replacing} onClose={onClose} />
    </form>
  );
}

/** The first message for each field of a refused form. */
function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): TaxErrors {
  const next: TaxErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    next[key] ??= issue.message;
  }
  return next;
}

/** W-9 or W-8BEN. */
function TypeChoice({
  id,
  type,
  onChange,
}: {
  id: string;
  type: TaxFormType;
  onChange: (type: TaxFormType) => void;
}) {
  return (
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
              onChange={() => onChange(option)}
              className="size-4 accent-mint-700"
            />
            {option === 'w9' ? 'W-9 (I am a US person)' : 'W-8BEN (I am not a US person)'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The certification under penalties of perjury, with its error. */
function CertifyField({
  id,
  type,
  certify,
  error,
  onChange,
}: {
  id: string;
  type: TaxFormType;
  certify: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
        <input
          id={`${id}-certify`}
          type="checkbox"
          checked={certify}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-certify-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-mint-700"
        />
        <span>
          Under penalties of perjury, I certify that the information on this form is true, correct and
          complete
          {type === 'w9' ? ', and that the TIN shown is my correct taxpayer identification number' : ''}.
        </span>
      </label>
      {error ? (
        <p id={`${id}-certify-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Why the save failed (when no field says it), then Cancel (or keep the old form) and Save (or Replace). */
function EditorActions({
  file,
  replacing,
  onClose,
}: {
  file: ReturnType<typeof useFileTaxForm>;
  replacing: boolean;
  onClose: () => void;
}) {
  return (
    <>
      {file.isError && !(file.error instanceof ApiError && file.error.field) ? (
        <Alert variant="destructive" title="Your tax form was not saved">
          {getErrorMessage(file.error)}
        </Alert>
      ) : null}
      <FormActions>
        <Button variant="outline" onClick={onClose}>
          {replacing ? 'Keep the form on file' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={file.isPending}>
          {file.isPending ? 'Saving…' : replacing ? 'Replace tax form' : 'Save tax form'}
        </Button>
      </FormActions>
    </>
  );
}
