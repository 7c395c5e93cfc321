import { useQuery } from '@tanstack/react-query';
import { type CreatorRecord, creatorRecordSchema } from '../../../../shared/schemas/me';
import {
  codeSentSchema,
  emailVerifiedSchema,
  type Profile,
  profileCompletedSchema,
} from '../../../../shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';
import { meQuery } from '../../../lib/me-query';
import { completeProfilePayload } from '../profile-form';

/** POST /api/send-verification: a 6-digit code to the address (spec §7). */
export function sendVerification(email: string) {
  return apiFetch('/api/send-verification', { method: 'POST', json: { email }, schema: codeSentSchema });
}

/** POST /api/verify-email: on success the address becomes the creator's verified email. */
export function verifyEmail(email: string, code: string) {
  return apiFetch('/api/verify-email', {
    method: 'POST',
    json: { email, code },
    schema: emailVerifiedSchema,
  });
}

/** POST /api/complete-profile with the spec's payload; the server computes the tier itself. */
export function completeProfile(profile: Profile) {
  return apiFetch('/api/complete-profile', {
    method: 'POST',
    json: completeProfilePayload(profile),
    schema: profileCompletedSchema,
  });
}

export type { CreatorRecord };

/** GET /api/me (the record the header and the dashboard read too: one key, one type). */
export function useMe(enabled = true) {
  return useQuery({ ...meQuery(), enabled });
}

/**
 * How a PayPal email change is confirmed: the account password, or a code mailed to the verified email; with an
 * authenticator app, a code from it (issue 22).
 */
export type PaypalConfirmation = { currentPassword: string } | { code: string } | { totpCode: string };

/** PATCH /api/me/profile; answers the new GET /api/me body. */
export function updateProfile(profile: Profile, confirmation?: PaypalConfirmation) {
  return apiFetch('/api/me/profile', {
    method: 'PATCH',
    json: { ...profile, ...confirmation },
    schema: creatorRecordSchema,
  });
}

/** POST /api/me/paypal-code: a code to the verified email, for accounts without a password. */
export function sendPaypalCode() {
  return apiFetch('/api/me/paypal-code', { method: 'POST', json: {}, schema: codeSentSchema });
}
