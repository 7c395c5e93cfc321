import { z } from 'zod';

/** What the last call to a connected store found (the Stores page says what to do about each). */
export const STORE_STATES = ['connected', 'revoked', 'throttled', 'unreachable', 'failed'] as const;
export type StoreState = (typeof STORE_STATES)[number];
export const storeStateSchema = z.enum(STORE_STATES);
