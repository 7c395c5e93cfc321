/**
 * Header our server sets to the client address it trusts (middleware/session.ts, from the connection or the proxy
 * it trusts); any copy sent by the client is removed first. Better Auth's rate limiter and the sign-in hooks read it.
 */
export const CLIENT_IP_HEADER = 'x-mintbox-client-ip';
