import { z } from 'zod';

export const SOCIAL_PROVIDER_IDS = ['google', 'facebook', 'x', 'tiktok'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

export const SOCIAL_PROVIDER_NAMES: Record<SocialProviderId, string> = {
  google: 'Google',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
};

/** Spec §8 'OAuth mapping': the not-configured message, per provider. */
export function providerNotConfiguredMessage(provider: SocialProviderId): string {
  const name = SOCIAL_PROVIDER_NAMES[provider];
  return `${name} OAuth provider is not configured. Please ask the site administrator to enable ${name} sign-in.`;
}

/** /admin form (spec §5: both required). */
export const adminSignInSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, { error: 'Username is required' })
    .max(254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
});
export type AdminSignIn = z.infer<typeof adminSignInSchema>;

export const ADMIN_INVALID_CREDENTIALS = 'Invalid credentials. Please check your username and password.';

/** Creator email sign-in and sign-up (spec §5: email and password needed). */
export const emailSignInSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }),
  password: z.string().min(1, { error: 'Password is required' }),
});

export const emailSignUpSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(100),
  email: z.email({ error: 'Please enter a valid email address' }),
  password: z
    .string()
    .min(8, { error: 'Password must be at least 8 characters' })
    .max(128, { error: 'Password must be at most 128 characters' }),
});
