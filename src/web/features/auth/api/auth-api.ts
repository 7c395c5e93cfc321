import type { z } from 'zod';
import {
  type emailSignInSchema,
  type emailSignUpSchema,
  SOCIAL_PROVIDER_NAMES,
  type SocialProviderId,
} from '../../../../shared/schemas/auth';
import { urlResultSchema } from '../../../../shared/schemas/results';
import { ApiError, apiFetch, isApiError } from '../../../lib/api-client';

export type EmailSignIn = z.infer<typeof emailSignInSchema>;
export type EmailSignUp = z.infer<typeof emailSignUpSchema>;

/** POSTs JSON to an account endpoint (Better Auth's or ours); failures are the client's ApiErrors. */
function post(path: string, body: unknown): Promise<unknown> {
  return apiFetch(path, { method: 'POST', json: body });
}

export function signInWithEmail(values: EmailSignIn) {
  return post('/api/auth/sign-in/email', values);
}

/**
 * Signs up, then signs in with the same password: a sign-up starts no session, so that its answer is the same for
 * an address that already has an account (whose owner gets a mail instead). Only the owner's password opens it.
 */
export async function signUpWithEmail(values: EmailSignUp) {
  await post('/api/auth/sign-up/email', values);
  try {
    return await signInWithEmail({ email: values.email, password: values.password });
  } catch (error) {
    if (isApiError(error, 'INVALID_EMAIL_OR_PASSWORD', 'UNAUTHORIZED')) {
      throw new ApiError(401, `We sent a message to ${values.email}. Follow it to continue.`, {
        fromServer: true,
      });
    }
    throw error;
  }
}

export const RESET_LINK_INVALID = 'This link is invalid or has expired.';

/** 'Forgot password?': the answer is the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return post('/api/auth/request-password-reset', { email });
}

/** Sets a new password with the mailed link's token (single use, 30 minutes). */
export async function resetPassword(token: string, newPassword: string) {
  try {
    return await post('/api/auth/reset-password', { token, newPassword });
  } catch (error) {
    if (isApiError(error, 'INVALID_TOKEN')) throw new ApiError(400, RESET_LINK_INVALID, { fromServer: true });
    throw error;
  }
}

/** Asks the server for the provider's sign-in address (state and PKCE stay on the server). */
export async function startSocialSignIn(provider: Exclude<SocialProviderId, 'tiktok'>): Promise<string> {
  const answer = await apiFetch(`/api/auth/social/${provider}`, {
    method: 'POST',
    json: {},
    schema: urlResultSchema,
  });
  if (!answer.url) throw new Error(`Failed to sign in with ${SOCIAL_PROVIDER_NAMES[provider]}`);
  return answer.url;
}

/** Better Auth's callback error codes (and the providers' own OAuth ones), in words a person can act on. */
const CALLBACK_ERRORS: Record<string, string> = {
  access_denied: 'You cancelled the sign in, or the provider did not allow it.',
  state_mismatch: 'Your sign-in session expired or was started in another browser. Please try again.',
  state_not_found: 'Your sign-in session expired. Please try again.',
  please_restart_the_process: 'Your sign-in session expired. Please try again.',
  invalid_callback_request: 'The sign-in answer from the provider was not valid. Please try again.',
  no_code: 'The provider did not complete the sign in. Please try again.',
  invalid_code: 'The sign-in code was not accepted. Please try again.',
  oauth_provider_not_found: 'This sign-in provider is not configured.',
  unable_to_get_user_info: 'We could not read your profile from the provider. Please try again.',
  email_not_found: 'The provider did not share an email address with us.',
  email_not_verified: 'Your email address is not verified with the provider.',
  email_does_not_match: 'The email address does not match your account.',
  account_not_linked: 'An account with this email already exists. Sign in with the method you used before.',
  unable_to_link_account:
    'An account with this email already exists. Sign in with the method you used before.',
  account_already_linked_to_different_user:
    'This provider account is already linked to another Mintbox account.',
  signup_disabled: 'New sign-ups are closed at the moment.',
  unable_to_create_user: 'We could not create your account. Please try again.',
  user_creation_failed: 'We could not create your account. Please try again.',
  unable_to_create_session: 'We could not start your session. Please try again.',
  issuer_mismatch: 'The provider answer came from an unexpected issuer.',
  issuer_missing: 'The provider answer did not name its issuer.',
  internal_server_error: 'Something went wrong on our side. Please try again.',
};

/** Spec §8: 'Authentication failed' when nothing better is known; messages that are already sentences pass through. */
export function callbackErrorMessage(error: string | null, description?: string | null): string {
  if (!error) return 'Authentication failed';
  const code = error.trim().toLowerCase();
  const known = CALLBACK_ERRORS[code];
  if (known) return known;
  // The TikTok route sends a full sentence (e.g. the not-configured message) rather than a code.
  if (/\s/.test(error)) return error;
  if (description) return description;
  return 'Authentication failed';
}
