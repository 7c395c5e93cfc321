import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { CATEGORIES, type Platform, US_STATES } from '../../../../shared/constants';
import { PHONE_EXAMPLE, phoneProblem } from '../../../../shared/phone';
import type { Profile } from '../../../../shared/schemas/profile';
import { handleLabel, normalizeHandle, profileUrl } from '../../../../shared/social-links';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';
import { formFields } from '../../../lib/form-field';
import type { ProfileField, ProfileFormValues } from '../profile-form';
import { TierPreview, type VerifiedCounts } from './tier-preview';

/** The profile form, shared by the wizard and the profile page. */
export type ProfileForm = UseFormReturn<ProfileFormValues, unknown, Profile>;

interface SectionProps {
  form: ProfileForm;
  /** Makes the ids unique on the page (useId()). */
  idPrefix: string;
}

/** The register() spread of a field plus its id and error, for TextField / SelectField (`formFields`). */
function fieldProps({ form, idPrefix }: SectionProps, name: ProfileField) {
  return formFields(form, idPrefix)(name);
}

/** Once a phone field shows its error, what exactly is wrong with the number typed (issue 41). */
function phoneProblemOf(form: ProfileForm, name: PhoneName): string | undefined {
  if (!form.formState.errors[name]) return undefined;
  const value = form.getValues(name);
  return typeof value === 'string' ? phoneProblem(value) : undefined;
}

type PhoneName = 'phoneNumber' | 'shippingPhone';

/** A phone number field: the phone keyboard, the example number, and what is wrong with a refused number. */
function PhoneField({
  name,
  label,
  hint,
  ...props
}: SectionProps & { name: PhoneName; label: string; hint?: string }) {
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_EXAMPLE}
      hint={hint}
      errorDetail={phoneProblemOf(props.form, name)}
      {...fieldProps(props, name)}
    />
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">{children}</div>;
}

/** Step 1, Basic Info: first name, last name, email (read-only: the verified one), PayPal email, phone number. */
export function BasicInfoFields(props: SectionProps) {
  return (
    <Grid>
      <TextField label="First Name" autoComplete="given-name" {...fieldProps(props, 'firstName')} />
      <TextField label="Last Name" autoComplete="family-name" {...fieldProps(props, 'lastName')} />
      <TextField
        label="Email"
        type="email"
        readOnly
        className="sm:col-span-2 [&_input]:cursor-default [&_input]:border-slate-200 [&_input]:bg-slate-50 [&_input]:text-slate-600"
        hint="Your verified email address."
        {...fieldProps(props, 'email')}
      />
      <TextField
        label="PayPal Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        hint="Mint you redeem is paid to this PayPal account."
        {...fieldProps(props, 'paypalEmail')}
      />
      <PhoneField label="Phone Number" name="phoneNumber" {...props} />
    </Grid>
  );
}

const PLATFORM_FIELDS = [
  {
    platform: 'TikTok',
    key: 'tiktok',
    handle: 'tiktokHandle',
    handleLabel: 'TikTok Username',
    count: 'tiktokFollowers',
    countLabel: 'TikTok Followers',
  },
  {
    platform: 'Instagram',
    key: 'instagram',
    handle: 'instagramHandle',
    handleLabel: 'Instagram Username',
    count: 'instagramFollowers',
    countLabel: 'Instagram Followers',
  },
  {
    platform: 'YouTube',
    key: 'youtube',
    handle: 'youtubeHandle',
    handleLabel: 'YouTube Channel',
    count: 'youtubeSubscribers',
    countLabel: 'YouTube Subscribers',
  },
] as const satisfies ReadonlyArray<{ handle: ProfileField; count: ProfileField } & Record<string, string>>;

/**
 * A handle field: a pasted profile link or a leading '@' is reduced to the handle when the field is left (the same
 * rule the schema applies on submit), and a valid handle shows a link to the profile it names, so the creator can
 * check it is theirs.
 */
function HandleField({ field, ...props }: SectionProps & { field: (typeof PLATFORM_FIELDS)[number] }) {
  const { form } = props;
  const value = useWatch({ control: form.control, name: field.handle });
  const url = profileUrl(field.key, value);
  const registered = fieldProps(props, field.handle);
  return (
    <div className="flex flex-col gap-1">
      <TextField
        label={field.handleLabel}
        placeholder={field.key === 'youtube' ? '@channel or channel link' : '@username or profile link'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...registered}
        onBlur={(event) => {
          const kept = normalizeHandle(field.key, event.target.value);
          if (kept !== null && kept !== event.target.value) {
            form.setValue(field.handle, kept, { shouldDirty: true });
          }
          // A message shown earlier goes as soon as the handle is right (the wizard checks a step on Next Step).
          if (form.formState.errors[field.handle]) void form.trigger(field.handle);
          return registered.onBlur(event);
        }}
      />
      {url && !form.formState.errors[field.handle] ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1 text-xs font-medium text-mint-700 underline-offset-2 hover:underline"
          data-testid={`${field.key}-profile-link`}
        >
          {`View ${handleLabel(field.key as Platform, value)} on ${field.platform}`}
          <ExternalLink aria-hidden="true" className="size-3" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}

/** Step 2, Social Media: the two categories, then the handles and audience on each platform (all optional). */
export function SocialMediaFields({
  showTier = true,
  verified,
  ...props
}: SectionProps & { showTier?: boolean; verified?: VerifiedCounts }) {
  return (
    <div className="flex flex-col gap-6">
      <Grid>
        <SelectField
          label="Primary Category"
          placeholder="Select a category"
          options={CATEGORIES}
          {...fieldProps(props, 'primaryCategory')}
        />
        <SelectField
          label="Secondary Category"
          placeholder="Select a category"
          options={CATEGORIES}
          {...fieldProps(props, 'secondaryCategory')}
        />
      </Grid>
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm font-semibold text-slate-800">Your platforms</p>
          <p className="text-xs text-slate-500">
            Optional. Add the accounts you post on; brands see your reach.
          </p>
        </div>
        {PLATFORM_FIELDS.map((field) => (
          <div
            key={field.platform}
            className="grid gap-x-4 gap-y-5 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
          >
            <HandleField {...props} field={field} />
            <TextField
              label={field.countLabel}
              inputMode="numeric"
              placeholder="e.g. 12,500"
              {...fieldProps(props, field.count)}
            />
          </div>
        ))}
      </div>
      {showTier ? <TierPreview control={props.form.control} verified={verified} /> : null}
    </div>
  );
}

/** Step 3, Shipping: where PR boxes go. */
export function ShippingFields({
  phoneLabel = 'Phone Number',
  ...props
}: SectionProps & { phoneLabel?: string }) {
  return (
    <div className="flex flex-col gap-5">
      <TextField label="Full Name" autoComplete="name" {...fieldProps(props, 'fullName')} />
      <TextField
        label="Address Line 1"
        autoComplete="address-line1"
        placeholder="Street address"
        {...fieldProps(props, 'addressLine1')}
      />
      <TextField
        label="Address Line 2 (optional)"
        autoComplete="address-line2"
        placeholder="Apartment, suite, unit"
        {...fieldProps(props, 'addressLine2')}
      />
      <div className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
        <TextField
          label="City"
          autoComplete="address-level2"
          className="col-span-2 sm:col-span-1"
          {...fieldProps(props, 'city')}
        />
        <SelectField
          label="State"
          placeholder="State"
          options={US_STATES}
          autoComplete="address-level1"
          {...fieldProps(props, 'state')}
        />
        <TextField
          label="ZIP Code"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="12345"
          {...fieldProps(props, 'zipCode')}
        />
      </div>
      <PhoneField
        label={phoneLabel}
        name="shippingPhone"
        hint="The courier may call this number about your delivery."
        {...props}
      />
    </div>
  );
}
