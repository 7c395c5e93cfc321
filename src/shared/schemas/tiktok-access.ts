import { z } from 'zod';

/** GET /api/me/connections/tiktok (issue 42): what the creator let Mintbox read from TikTok. */
export const tiktokAccessSchema = z.object({
  /** Whether the creator signed in with TikTok. */
  connected: z.boolean(),
  /** The scopes Mintbox asks for that the creator did not grant. */
  missing: z.array(z.string()),
  /** What that costs them and what to do ("Reconnect TikTok…"), or null. */
  message: z.string().nullable(),
});

export type TiktokAccess = z.infer<typeof tiktokAccessSchema>;
