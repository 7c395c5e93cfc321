import { z } from 'zod';
import { labelledValues } from '../labelled-values';
import { newPasswordSchema } from '../rules/password';
import { hasControlCharacter } from '../rules/text';
import { filledText } from './text-field';

export const SOCIAL_PROVIDER_NAMES = {
  google: 'Google',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
};
export const SOCIAL_PROVIDER_IDS = labelledValues(SOCIAL_PROVIDER_NAMES);
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/** Spec §8 'OAuth mapping': the not-configured message, per provider. */
export function providerNotConfiguredMessage(provider: SocialProviderId): string {
  const name = SOCIAL_PROVIDER_NAMES[provider];
  return `${name} OAuth provider is not configured. Please ask the site administrator to enable ${name} sign-in.`;
}

/** /admin form (spec §5: both required). */
export const adminSignInSchema = z.object({
  username: filledText({ missing: 'Username is required', max: 254 }),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
});
export type AdminSignIn = z.infer<typeof adminSignInSchema>;

export const ADMIN_INVALID_CREDENTIALS = 'Invalid credentials. Please check your username and password.';

/** Creator email sign-in and sign-up (spec §5: email and password needed). */
export const emailSignInSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }),
  password: z.string().min(1, { error: 'Password is required' }),
});

export const ACCOUNT_NAME_MAX_LENGTH = 100;
export const ACCOUNT_IMAGE_MAX_LENGTH = 2048;

/** The account's display name (sign-up and updates): shown in lists, so it is capped and plain. */
export const accountNameSchema = filledText({
  missing: 'Name is required',
  max: ACCOUNT_NAME_MAX_LENGTH,
  tooLong: `Name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`,
}).refine((name) => !hasControlCharacter(name), { error: 'Name must not contain control characters' });

const IMAGE_MESSAGE = `Image must be an http(s) address of at most ${ACCOUNT_IMAGE_MAX_LENGTH} characters`;

/** A profile picture address: http(s) only, so no javascript: or data: ever reaches an <img>. */
export const accountImageSchema = z
  .string({ error: IMAGE_MESSAGE })
  .max(ACCOUNT_IMAGE_MAX_LENGTH, { error: IMAGE_MESSAGE })
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), { error: IMAGE_MESSAGE });

export const emailSignUpSchema = z.object({
  name: accountNameSchema,
  email: z.email({ error: 'Please enter a valid email address' }),
  password: newPasswordSchema,
});

/** 'Forgot password?' and the page the mailed link opens. */
export const forgotPasswordSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }),
});

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    error: 'The two passwords do not match',
    path: ['confirm'],
  });

/**
 * Better Auth's two-factor answers the screens read (POST /api/auth/two-factor/enable and generate-backup-codes;
 * better-auth.com/docs/plugins/2fa). They are not in our OpenAPI document (Better Auth serves them), so these
 * schemas are their contract on the web side.
 */
export const twoFactorEnrolmentSchema = z.object({
  /** otpauth://totp/Mintbox:… for the QR code. */
  totpURI: z.string(),
  /** Ten single-use codes, shown once. */
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
