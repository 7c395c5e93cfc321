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

/** Name, brand, platform, type and the mission's description. */
export function CampaignBasicsFields({ form, idPrefix }: { form: CampaignForm; idPrefix: string }) {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-name`}
          label="Name"
          error={errors.name?.message}
          maxLength={NAME_MAX}
          {...form.register('name')}
        />
        <TextField
          id={`${idPrefix}-brand`}
          label="Brand"
          error={errors.brand?.message}
          maxLength={BRAND_MAX}
          {...form.register('brand')}
        />
        <SelectField
          id={`${idPrefix}-platform`}
          label="Platform"
          error={errors.platform?.message}
          options={PLATFORM_OPTIONS}
          {...form.register('platform')}
        />
        <SelectField
          id={`${idPrefix}-type`}
          label="Campaign type"
          error={errors.type?.message}
          options={TYPE_OPTIONS}
          {...form.register('type')}
        />
      </div>
      <TextareaField
        id={`${idPrefix}-description`}
        label="Description"
        hint="The mission creators read on the campaign page."
        error={errors.description?.message}
        maxLength={DESCRIPTION_MAX}
        rows={4}
        {...form.register('description')}
      />
    </>
  );
}

/** Deadline, status, reward, budget, product value, follower requirement, reach and box count. */
export function CampaignTermsFields({ form, idPrefix }: { form: CampaignForm; idPrefix: string }) {
  const { errors } = form.formState;
  const whole = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-deadline`}
        label="Application deadline"
        type="date"
        hint={`Content is due ${UPLOAD_DEADLINE_DAYS} days later.`}
        error={errors.deadline?.message}
        {...form.register('deadline')}
      />
      <SelectField
        id={`${idPrefix}-status`}
        label="Status"
        error={errors.status?.message}
        options={STATUS_OPTIONS}
        {...form.register('status')}
      />
      <TextField
        id={`${idPrefix}-reward`}
        label="Reward (Mint)"
        {...whole}
        hint="1 Mint = 1 USD."
        error={errors.reward?.message}
        {...form.register('reward')}
      />
      <TextField
        id={`${idPrefix}-budget`}
        label="Budget (USD)"
        inputMode="decimal"
        placeholder="12000"
        error={errors.budget?.message}
        {...form.register('budget')}
      />
      <TextField
        id={`${idPrefix}-product-value`}
        label="Product value (USD, optional)"
        inputMode="decimal"
        placeholder="85"
        hint="Retail value of one PR box. Empty: not stated."
        error={errors.productValue?.message}
        {...form.register('productValue', {
          setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : v),
        })}
      />
      <TextField
        id={`${idPrefix}-followers`}
        label="Followers required"
        {...whole}
        hint="0 means any follower count."
        error={errors.followersRequired?.message}
        {...form.register('followersRequired')}
      />
      <TextField
        id={`${idPrefix}-reach`}
        label="Reach"
        {...whole}
        hint="Expected audience, in people."
        error={errors.reach?.message}
        {...form.register('reach')}
      />
      <TextField
        id={`${idPrefix}-boxes`}
        label="Box count (optional)"
        {...whole}
        min={1}
        hint="How many creators can be accepted. Empty: no limit."
        error={errors.maxAccepted?.message}
        {...form.register('maxAccepted', {
          setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : v),
        })}
      />
    </div>
  );
}
