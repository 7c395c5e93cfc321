import { z } from 'zod';
import { labelledValues } from '../labelled-values';

/** The creator's Instagram connection as /profile shows it. */
export const instagramConnectionStatusSchema = z.object({
  /** Whether the server is set up to connect Instagram (INSTAGRAM_APP_ID/SECRET). */
  available: z.boolean(),
  connection: z
    .object({
      username: z.string(),
      connectedAt: z.string(),
      /** The token ended or was refused: the creator must connect again for figures to be read. */
      needsReconnect: z.boolean(),
      /** When the followers' ages were last read (null: not yet, or the account is too small). */
      demographicsAt: z.string().nullable(),
    })
    .nullable(),
});
export type InstagramConnectionStatus = z.infer<typeof instagramConnectionStatusSchema>;

/** How a connection attempt ended (the callback sends the creator to /profile?instagram=<result>). */
/** DELETE /api/me/connections/instagram: the account is no longer connected. */
export const instagramDisconnectedSchema = z.object({ connected: z.literal(false) });

/** What /profile says after the callback. */
export const INSTAGRAM_CONNECT_MESSAGES = {
  connected: 'Figures of your approved Instagram posts will now be read from Instagram.',
  cancelled: 'Instagram was not connected: the request was cancelled on Instagram.',
  invalid: 'That Instagram connection link has expired or was not yours. Please try again.',
  failed: 'Instagram could not be reached to finish connecting. Please try again in a few minutes.',
  unavailable: 'Connecting Instagram is not set up on this server yet.',
};
export const INSTAGRAM_CONNECT_RESULTS = labelledValues(INSTAGRAM_CONNECT_MESSAGES);
export type InstagramConnectResult = (typeof INSTAGRAM_CONNECT_RESULTS)[number];
