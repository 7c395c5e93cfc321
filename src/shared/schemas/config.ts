import { z } from 'zod';
import { SOCIAL_PROVIDER_IDS } from './auth';

/** Public settings the web app needs before it renders. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  launchMode: z.enum(['public', 'coming-soon']),
  contactEmail: z.string(),
  appUrl: z.string(),
  /** Social sign-in providers whose client id and secret are configured. */
  authProviders: z.array(z.enum(SOCIAL_PROVIDER_IDS)),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
