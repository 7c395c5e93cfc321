import type { ChangeEvent } from 'react';
import { US_STATES } from '../../../../shared/constants';
import { FEDERAL_TAX_CLASSIFICATIONS } from '../../../../shared/tax';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';

export type TaxDraft = Record<string, string>;
export type TaxErrors = Record<string, string | undefined>;

interface FieldsProps {
  id: string;
  draft: TaxDraft;
  errors: TaxErrors;
  set: (name: string) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/** What a field of the form reads and writes: its id, its value in the draft, how it changes it, its error. */
function fieldOf({ id, draft, errors, set }: FieldsProps, name: string) {
  return { id: `${id}-${name}`, value: draft[name] ?? '', onChange: set(name), error: errors[name] };
}

/** The W-9's fields (US persons): name, business name, classification, address, SSN or EIN. */
export function W9Fields(props: FieldsProps) {
  const { draft } = props;
  const f = (name: string) => fieldOf(props, name);
  return (
    <>
      <TextField label="Name (as shown on your income tax return)" autoComplete="name" {...f('legalName')} />
      <TextField label="Business name (optional)" autoComplete="organization" {...f('businessName')} />
      <SelectField
        label="Federal tax classification"
        placeholder="Choose…"
        options={Object.entries(FEDERAL_TAX_CLASSIFICATIONS).map(([value, label]) => ({ value, label }))}
        {...f('taxClassification')}
      />
      <TextField label="Address (number, street, apt.)" autoComplete="address-line1" {...f('addressLine1')} />
      <TextField label="Address line 2 (optional)" autoComplete="address-line2" {...f('addressLine2')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" autoComplete="address-level2" {...f('city')} />
        <SelectField label="State" placeholder="Choose…" options={US_STATES} {...f('state')} />
        <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" {...f('zipCode')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <SelectField
          label="TIN type"
          options={[
            { value: 'ssn', label: 'SSN' },
            { value: 'ein', label: 'EIN' },
          ]}
          {...f('tinType')}
        />
        <TextField
          label={draft.tinType === 'ein' ? 'EIN' : 'Social Security number'}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={draft.tinType === 'ein' ? '12-3456789' : '123-45-6789'}
          hint="Stored encrypted; shown back only as its last 4 digits."
          {...f('tin')}
        />
      </div>
    </>
  );
}

/** The W-8BEN's fields (foreign persons): name, country, address, foreign TIN or date of birth, treaty claim. */
export function W8benFields(props: FieldsProps) {
  const f = (name: string) => fieldOf(props, name);
  return (
    <>
      <TextField label="Name of individual" autoComplete="name" {...f('legalName')} />
      <TextField label="Country of citizenship" autoComplete="country-name" {...f('country')} />
      <TextField label="Permanent residence address" autoComplete="address-line1" {...f('addressLine1')} />
      <TextField label="Address line 2 (optional)" autoComplete="address-line2" {...f('addressLine2')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City or town" autoComplete="address-level2" {...f('city')} />
        <TextField label="Postal code (optional)" autoComplete="postal-code" {...f('postalCode')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Foreign tax identifying number"
          autoComplete="off"
          spellCheck={false}
          hint="Or give your date of birth."
          {...f('foreignTin')}
        />
        <TextField label="Date of birth" type="date" autoComplete="bday" {...f('dateOfBirth')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Treaty country (optional)" {...f('treatyCountry')} />
        <TextField label="Treaty article (optional)" {...f('treatyArticle')} />
      </div>
    </>
  );
}
