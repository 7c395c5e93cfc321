import {
  LOCKED_FIELDS,
  PROFILE_FIELD_NAMES,
  type ProfileField,
  type ProfileFormValues,
} from './profile-form';

/**
 * The wizard's draft in local storage (spec §2 /profile-setup): every field, saved on every change, one key per
 * creator so another account on the same browser never sees it. Cleared when the profile is completed.
 */
export const DRAFT_KEY_PREFIX = 'mintbox.profile-draft.';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ProfileDraft {
  values: Partial<ProfileFormValues>;
  /** The wizard step (0-based) the creator was on. */
  step: number;
}

export function draftKey(creatorId: number): string {
  return `${DRAFT_KEY_PREFIX}${creatorId}`;
}

/** The browser's local storage, or null where it is blocked (some private modes, sandboxed frames). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The saved draft, keeping only known fields with text values; null when there is none or it is unreadable. */
export function readDraft(storage: DraftStorage | null, creatorId: number): ProfileDraft | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(draftKey(creatorId)) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { values, step } = parsed as { values?: unknown; step?: unknown };
  if (!values || typeof values !== 'object') return null;
  const kept: Partial<ProfileFormValues> = {};
  for (const name of PROFILE_FIELD_NAMES) {
    const value = (values as Record<string, unknown>)[name];
    if (typeof value === 'string') kept[name] = value.slice(0, 500);
  }
  return { values: kept, step: typeof step === 'number' && Number.isFinite(step) ? step : 0 };
}

/** Saves the draft; a full or blocked storage only costs the draft. */
export function writeDraft(
  storage: DraftStorage | null,
  creatorId: number,
  values: Partial<Record<ProfileField, unknown>>,
  step: number,
): void {
  const kept: Partial<ProfileFormValues> = {};
  for (const name of PROFILE_FIELD_NAMES) {
    const value = values[name];
    if (typeof value === 'string') kept[name] = value;
  }
  try {
    storage?.setItem(draftKey(creatorId), JSON.stringify({ values: kept, step }));
  } catch {
    // Quota or privacy mode: the form keeps working without a draft.
  }
}

export function clearDraft(storage: DraftStorage | null, creatorId: number): void {
  try {
    storage?.removeItem(draftKey(creatorId));
  } catch {
    // Nothing to clear.
  }
}

/**
 * The prefilled values with the draft's non-empty values laid over them (spec: "non-empty draft values are restored
 * on load"). Locked fields (the verified email) always keep the prefilled value.
 */
export function restoreDraft(
  prefill: ProfileFormValues,
  draft: Partial<ProfileFormValues> | null | undefined,
  locked: readonly ProfileField[] = LOCKED_FIELDS,
): ProfileFormValues {
  const values = { ...prefill };
  if (!draft) return values;
  for (const name of PROFILE_FIELD_NAMES) {
    const value = draft[name];
    if (locked.includes(name) || typeof value !== 'string' || value.trim() === '') continue;
    values[name] = value;
  }
  return values;
}
