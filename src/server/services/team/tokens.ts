import { createHash, randomBytes } from 'node:crypto';

/** An unguessable link token (256 bits, URL-safe); only its hash is stored (issue 39). */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** The hash kept at rest and looked up: SHA-256 of the token, hex. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
