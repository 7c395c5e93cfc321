import { z } from 'zod';

/**
 * Issue 42: the signed-in sessions of an account as the person needs them: what device, from where, when last
 * active, and whether it is this one. `id` ends it (DELETE /api/me/sessions/:id); it is not a session token and signs
 * nobody in. No answer carries a session token: only the HttpOnly cookie does.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", read from the browser's User-Agent; "Unknown device" without one. */
  device: z.string(),
  /** The client address the session started from (no location service is asked), null when unknown. */
  place: z.string().nullable(),
  /** ISO time of the last request noted on the session (admins: within a minute), else its last renewal. */
  lastActiveAt: z.string(),
  startedAt: z.string(),
  current: z.boolean(),
});

export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });

export type AccountSession = z.infer<typeof accountSessionSchema>;
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const ACCOUNT_SESSION_MESSAGES = {
  notFound: 'That session has ended or is not one of yours.',
  current: 'This is the session you are using: sign out to end it.',
} as const;
