import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/profile';
import { ApiError } from '../../../lib/api-client';
import { completeProfilePayload, type ProfileField } from '../profile-form';

/**
 * A failed onboarding call. `fromServer` says whether the server explained itself (an `error` text in JSON);
 * `field` names the profile field a 400 is about; `retryAfterSeconds` comes from a 429's Retry-After.
 */
export class OnboardingApiError extends ApiError {
  override name = 'OnboardingApiError';
  constructor(
    status: number,
    message: string,
    readonly fromServer: boolean,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(status, message);
  }
}

/** Retry-After as whole seconds from now (it may be a number of seconds or an HTTP date); undefined if absent. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number.parseInt(value, 10);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new OnboardingApiError(0, 'Network error', false);
  }
  if (!response.ok) {
    let body: { error?: unknown; field?: unknown } | null = null;
    try {
      body = (await response.json()) as { error?: unknown; field?: unknown };
    } catch {
      // Not JSON: the caller shows its generic text.
    }
    const message = typeof body?.error === 'string' && body.error ? body.error : null;
    throw new OnboardingApiError(
      response.status,
      message ?? `HTTP error! status: ${response.status}`,
      message !== null,
      typeof body?.field === 'string' && body.field ? body.field : undefined,
      retryAfterSeconds(response.headers.get('retry-after')),
    );
  }
  return (await response.json()) as T;
}

const post = <T>(path: string, body: unknown = {}) =>
  call<T>(path, { method: 'POST', body: JSON.stringify(body) });

export interface CodeSent {
  sent: true;
  expiresAt: string;
}

/** POST /api/send-verification: a 6-digit code to the address (spec §7). */
export function sendVerification(email: string) {
  return post<CodeSent>('/api/send-verification', { email });
}

/** POST /api/verify-email: on success the address becomes the creator's verified email. */
export function verifyEmail(email: string, code: string) {
  return post<{ verified: true; email: string }>('/api/verify-email', { email, code });
}

/** POST /api/complete-profile with the spec's payload; the server computes the tier itself. */
export function completeProfile(profile: Profile) {
  return post<{ ok: true; influencer_tier: string; total_followers: number }>(
    '/api/complete-profile',
    completeProfilePayload(profile),
  );
}

/** The saved profile as GET /api/me sends it (form names; counts as numbers or null). */
export type SavedProfile = Record<ProfileField, string | number | null>;

/** GET /api/me: the signed-in creator's record (spec §3 names) and profile. */
export interface CreatorRecord {
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  profile_completed: boolean;
  provider: string | null;
  /** Whether the account signs in with a password (which then confirms PayPal and email changes). */
  has_password: boolean;
  influencer_tier: string;
  total_followers: number;
  profile: SavedProfile | null;
  social_accounts: Array<{ platform: string; handle: string | null; followers: number | null }>;
}

export const meKey = ['me'] as const;

export function fetchMe(signal?: AbortSignal) {
  return call<CreatorRecord>('/api/me', signal ? { signal } : {});
}

export function useMe(enabled = true) {
  return useQuery({ queryKey: meKey, queryFn: ({ signal }) => fetchMe(signal), enabled });
}

/** How a PayPal email change is confirmed: the account password, or a code mailed to the verified email. */
export type PaypalConfirmation = { currentPassword: string } | { code: string };

/** PATCH /api/me/profile; answers the new GET /api/me body. */
export function updateProfile(profile: Profile, confirmation?: PaypalConfirmation) {
  return call<CreatorRecord>('/api/me/profile', {
    method: 'PATCH',
    body: JSON.stringify({ ...profile, ...confirmation }),
  });
}

/** POST /api/me/paypal-code: a code to the verified email, for accounts without a password. */
export function sendPaypalCode() {
  return post<CodeSent>('/api/me/paypal-code');
}
