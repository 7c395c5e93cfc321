import {
  creatorTier,
  PROFILE_STEP_FIELDS,
  type Profile,
  profileBaseSchema,
  profileFields,
  totalFollowers,
  withDistinctCategories,
} from '../../../shared/schemas/profile';

/** The profile form as the browser holds it: every field a string (follower counts are typed as text). */
export type ProfileField = keyof typeof profileFields;
export type ProfileFormValues = Record<ProfileField, string>;

export const PROFILE_FIELD_NAMES = Object.keys(profileFields) as ProfileField[];

/** Fields the creator cannot type into: the email is the verified one. */
export const LOCKED_FIELDS: readonly ProfileField[] = ['email'];

export const WIZARD_STEP_COUNT = PROFILE_STEP_FIELDS.length;

export function emptyProfileValues(): ProfileFormValues {
  return Object.fromEntries(PROFILE_FIELD_NAMES.map((name) => [name, ''])) as ProfileFormValues;
}

/** Spec §2 /profile-setup: first name = the first word of the display name, last name = the rest. */
export function splitDisplayName(name: string | null | undefined): { firstName: string; lastName: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

const HANDLE_FIELDS = {
  tiktok: 'tiktokHandle',
  instagram: 'instagramHandle',
  youtube: 'youtubeHandle',
} as const satisfies Record<string, ProfileField>;

/**
 * The wizard's starting values: names from the display name, full name = display name, the verified email, and the
 * handles the account already knows (the TikTok username read at sign-in, issue 41).
 */
export function profilePrefill({
  displayName,
  email,
  socialAccounts = [],
}: {
  displayName: string | null | undefined;
  email: string | null | undefined;
  socialAccounts?: readonly { platform: string; handle: string | null }[] | undefined;
}): ProfileFormValues {
  const fullName = (displayName ?? '').trim().replace(/\s+/g, ' ');
  const values = {
    ...emptyProfileValues(),
    ...splitDisplayName(fullName),
    fullName,
    email: (email ?? '').trim(),
  };
  for (const account of socialAccounts) {
    const field = HANDLE_FIELDS[account.platform as keyof typeof HANDLE_FIELDS];
    if (field && account.handle) values[field] = account.handle;
  }
  return values;
}

/** A saved profile (GET /api/me `profile`) as form values: numbers become text, missing values empty. */
export function formValuesFromProfile(
  profile: Partial<Record<ProfileField, string | number | null | undefined>> | null | undefined,
): ProfileFormValues {
  const values = emptyProfileValues();
  if (!profile) return values;
  for (const name of PROFILE_FIELD_NAMES) {
    const value = profile[name];
    values[name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** The wizard step (0-based) a field is asked on, or -1 when it is on none. */
export function stepOfField(field: string): number {
  return PROFILE_STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
}

const stepSchemas = PROFILE_STEP_FIELDS.map((fields) =>
  withDistinctCategories(
    profileBaseSchema.pick(Object.fromEntries(fields.map((f) => [f, true])) as Record<ProfileField, true>),
  ),
);

/** Whether the fields of one step (0-based) pass the schema. */
export function isStepValid(values: ProfileFormValues, step: number): boolean {
  return stepSchemas[step]?.safeParse(values).success ?? false;
}

/**
 * The step to reopen a saved draft on: the saved one, unless an earlier step no longer validates (then that one),
 * so the wizard never shows a later step before the earlier ones are right.
 */
export function resumeStep(values: ProfileFormValues, savedStep: number): number {
  const last = Math.min(Math.max(0, Math.trunc(savedStep) || 0), WIZARD_STEP_COUNT - 1);
  for (let step = 0; step < last; step += 1) {
    if (!isStepValid(values, step)) return step;
  }
  return last;
}

/** A follower count as the schema reads it (digits, commas and spaces allowed), or undefined. */
export function parseCount(value: string | null | undefined): number | undefined {
  const digits = (value ?? '').replace(/[,\s_]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const count = Number.parseInt(digits, 10);
  return Number.isSafeInteger(count) ? count : undefined;
}

/** The tier the follower counts typed so far would give (spec §4 Influencer tier), for the live preview. */
export function tierPreview(
  values: Pick<ProfileFormValues, 'tiktokFollowers' | 'instagramFollowers' | 'youtubeSubscribers'>,
) {
  const counts = [values.tiktokFollowers, values.instagramFollowers, values.youtubeSubscribers].map(
    parseCount,
  );
  return {
    tier: creatorTier(counts),
    highest: Math.max(0, ...counts.map((n) => n ?? 0)),
    total: counts.reduce<number>((sum, n) => sum + (n ?? 0), 0),
  };
}

/** The complete-profile body (spec §3): the form plus the tier, the follower total and profile_completed. */
export function completeProfilePayload(profile: Profile) {
  return {
    ...profile,
    influencer_tier: creatorTier([
      profile.tiktokFollowers,
      profile.instagramFollowers,
      profile.youtubeSubscribers,
    ]),
    total_followers: totalFollowers(profile),
    profile_completed: true,
  };
}
