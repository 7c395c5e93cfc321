import { z } from 'zod';

/** Public settings the web app needs before it renders. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  launchMode: z.enum(['public', 'coming-soon']),
  contactEmail: z.string(),
  appUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
