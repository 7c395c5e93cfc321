import type { AuthContext } from 'better-auth';

/**
 * What the services use of Better Auth: its context, for the password hasher and the key the two-factor secrets
 * are encrypted with. Services take this rather than `Auth` from auth.ts, because auth.ts imports services (its
 * hooks): the instance built there is one of these, and no import runs in a circle (src/boundaries.test.ts).
 */
export interface AuthKeys {
  $context: Promise<{
    password: Pick<AuthContext['password'], 'hash' | 'verify'>;
    secretConfig: AuthContext['secretConfig'];
  }>;
}
