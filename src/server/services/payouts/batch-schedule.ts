/** Our id for a payout inside a PayPal batch. */
export const senderItemId = (payoutId: number) => `payout-${payoutId}`;

/** The first look at a batch PayPal took, a minute after it took it. */
export const RETRY_BASE_MS = 60_000;
/** A batch the payout job (or the start-up) is sending is left to it this long before the job takes it again. */
export const CLAIM_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 3_600_000;
/** Minutes, then hours between two looks at a batch: 1, 2, 4 … minutes, at most 6 hours. */
export const nextCheckDelay = (n: number) => Math.min(RETRY_BASE_MS * 2 ** Math.min(n, 20), RETRY_MAX_MS);
