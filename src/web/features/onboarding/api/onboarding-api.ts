import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';
import { completeProfilePayload, type ProfileField } from '../profile-form';

/** Onboarding calls answer JSON; a failure is the client's ApiError (its `field` names the profile field). */
const post = <T>(path: string, body: unknown = {}) => apiFetch<T>(path, { method: 'POST', json: body });

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
  social_accounts: Array<{
    platform: string;
    handle: string | null;
    followers: number | null;
    verified_followers: number | null;
    verified_at: string | null;
  }>;
  /** Which count decided the tier ("Tier from verified Instagram followers" / "Tier from stated followers"). */
  tier_basis: string;
}

export function fetchMe(signal?: AbortSignal) {
  return apiFetch<CreatorRecord>('/api/me', signal ? { signal } : {});
}

export function useMe(enabled = true) {
  return useQuery({ queryKey: privateKeys.me, queryFn: ({ signal }) => fetchMe(signal), enabled });
}

/**
 * How a PayPal email change is confirmed: the account password, or a code mailed to the verified email; with an
 * authenticator app, a code from it (issue 22).
 */
export type PaypalConfirmation = { currentPassword: string } | { code: string } | { totpCode: string };

/** PATCH /api/me/profile; answers the new GET /api/me body. */
export function updateProfile(profile: Profile, confirmation?: PaypalConfirmation) {
  return apiFetch<CreatorRecord>('/api/me/profile', {
    method: 'PATCH',
    json: { ...profile, ...confirmation },
  });
}

/** POST /api/me/paypal-code: a code to the verified email, for accounts without a password. */
export function sendPaypalCode() {
  return post<CodeSent>('/api/me/paypal-code');
}
