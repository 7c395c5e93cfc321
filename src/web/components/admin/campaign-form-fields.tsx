import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPE_LABELS,
  CAMPAIGN_TYPES,
  PLATFORM_LABELS,
  PLATFORMS,
} from '../../../shared/constants';
import { UPLOAD_DEADLINE_DAYS } from '../../../shared/lifecycle/deadlines';
import { type CampaignInput, campaignInputSchema } from '../../../shared/schemas/campaign';
import { formFields } from '../../lib/form-field';
import { maxLengthOf } from '../../lib/schema-limits';
import { CAMPAIGN_STATUS_LABELS } from '../campaign-status-badge';
import { TextField } from '../ui/input';
import { SelectField } from '../ui/select-field';
import { TextareaField } from '../ui/textarea';

export type CampaignFormValues = z.input<typeof campaignInputSchema>;
export type CampaignForm = UseFormReturn<CampaignFormValues, unknown, CampaignInput>;

const shape = campaignInputSchema.shape;
const NAME_MAX = maxLengthOf(shape.name);
const BRAND_MAX = maxLengthOf(shape.brand);
const DESCRIPTION_MAX = maxLengthOf(shape.description);

const PLATFORM_OPTIONS = PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }));
const TYPE_OPTIONS = CAMPAIGN_TYPES.map((value) => ({ value, label: CAMPAIGN_TYPE_LABELS[value] }));
const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((value) => ({ value, label: CAMPAIGN_STATUS_LABELS[value] }));

/**
 * What a field of the campaign form is given (`formFields`), its id `idPrefix`-name or `id`; `emptyAsNull` for the
 * optional numbers, whose empty field means none.
 */
function fieldProps(form: CampaignForm, idPrefix: string) {
  const field = formFields(form, idPrefix);
  return (
    name: keyof CampaignFormValues,
    { id = name, emptyAsNull = false }: { id?: string; emptyAsNull?: boolean } = {},
  ) => field(name, emptyAsNull ? { setValueAs: emptyToNull } : undefined, id);
}
const emptyToNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);

/** Name, brand, platform, type and the mission's description. */
export function CampaignBasicsFields({ form, idPrefix }: { form: CampaignForm; idPrefix: string }) {
  const field = fieldProps(form, idPrefix);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" maxLength={NAME_MAX} {...field('name')} />
        <TextField label="Brand" maxLength={BRAND_MAX} {...field('brand')} />
        <SelectField label="Platform" options={PLATFORM_OPTIONS} {...field('platform')} />
        <SelectField label="Campaign type" options={TYPE_OPTIONS} {...field('type')} />
      </div>
      <TextareaField
        label="Description"
        hint="The mission creators read on the campaign page."
        maxLength={DESCRIPTION_MAX}
        rows={4}
        {...field('description')}
      />
    </>
  );
}

/** Deadline, status, reward, budget, product value, follower requirement, reach and box count. */
export function CampaignTermsFields({ form, idPrefix }: { form: CampaignForm; idPrefix: string }) {
  const field = fieldProps(form, idPrefix);
  const whole = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Application deadline"
        type="date"
        hint={`Content is due ${UPLOAD_DEADLINE_DAYS} days later.`}
        {...field('deadline')}
      />
      <SelectField label="Status" options={STATUS_OPTIONS} {...field('status')} />
      <TextField label="Reward (Mint)" {...whole} hint="1 Mint = 1 USD." {...field('reward')} />
      <TextField label="Budget (USD)" inputMode="decimal" placeholder="12000" {...field('budget')} />
      <TextField
        label="Product value (USD, optional)"
        inputMode="decimal"
        placeholder="85"
        hint="Retail value of one PR box. Empty: not stated."
        {...field('productValue', { id: 'product-value', emptyAsNull: true })}
      />
      <TextField
        label="Followers required"
        {...whole}
        hint="0 means any follower count."
        {...field('followersRequired', { id: 'followers' })}
      />
      <TextField label="Reach" {...whole} hint="Expected audience, in people." {...field('reach')} />
      <TextField
        label="Box count (optional)"
        {...whole}
        min={1}
        hint="How many creators can be accepted. Empty: no limit."
        {...field('maxAccepted', { id: 'boxes', emptyAsNull: true })}
      />
    </div>
  );
}
