import { z } from 'zod';

/**
 * The small answers many writes share (one schema each, used by the route's OpenAPI declaration and by the web's
 * call that reads the answer).
 */

/** A record was created or changed: its id. */
export const idResultSchema = z.object({ id: z.number().int() });
export type IdResult = z.infer<typeof idResultSchema>;

/** A record moved to another status: its id and the status now. */
export const idStatusResultSchema = z.object({ id: z.number().int(), status: z.string() });

/** Where to send the browser next (an OAuth start), or where a stored file is served. */
export const urlResultSchema = z.object({ url: z.string() });
