import { betterAuth } from 'better-auth';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { trustedOrigins } from '../http/trusted-origins';
import { createMailer, type Mailer } from '../mail/mailer';
import type { Logger } from '../process/logger';
import { COOKIE_PREFIX, sessionCookieNames } from './auth-cookies';
import { accountHooks } from './auth-hooks';
import {
  authDatabase,
  authLogger,
  emailAndPasswordOptions,
  googleSignIn,
  rateLimitOptions,
  sessionHooks,
  socialProviderOptions,
  tiktokSignIn,
  twoFactorSignIn,
} from './auth-options';
import { SignInHandles } from './sign-in-handles';

export { ownCookieName, sessionCookieName } from './auth-cookies';
export { SIGN_IN_RATE_LIMIT } from './auth-options';

/** Where Better Auth sends the browser after a provider sign-in (the /auth/callback page finishes the job). */
export function socialCallbackUrls(provider: string) {
  return {
    callbackURL: `/auth/callback?provider=${provider}`,
    errorCallbackURL: `/auth/callback?provider=${provider}`,
    newUserCallbackURL: `/auth/callback?provider=${provider}`,
  };
}

/** Sessions last 30 days; Better Auth moves the expiry forward on a request once a day (seconds, as it takes them). */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

/**
 * Better Auth, configured as Mintbox signs people in: passwords, providers, two-factor, our fields on users and
 * sessions, our cookies, and the hooks that hold our rules (the option sections are in auth-options.ts).
 */
export function createAuth({
  db,
  env,
  logger,
  mailer = createMailer(env, logger),
  now = () => new Date(),
}: {
  db: Database;
  env: Env;
  logger: Logger;
  /** Reset links and account notices; the app's mailer (built from env when absent). */
  mailer?: Mailer;
  /** The app's clock (sessions' last activity and second-factor times, the code budget); tests move it. */
  now?: (() => Date) | undefined;
}) {
  const mailDeps = { db, mailer, appUrl: env.appUrl, logger, now };
  const signInHandles = new SignInHandles();
  return betterAuth({
    appName: 'Mintbox',
    baseURL: env.appUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: trustedOrigins(env),
    database: authDatabase(db),
    emailAndPassword: emailAndPasswordOptions(env, mailDeps),
    hooks: accountHooks(mailDeps),
    // Issue 22: the verifications table keeps only a SHA-256 of each identifier (reset-password:<token>, OAuth
    // states), never the token a mail or a redirect carries; Better Auth hashes the same way when it looks one up.
    verification: { storeIdentifier: 'hashed' },
    user: {
      additionalFields: {
        // Never settable by the client: sign-up always makes an influencer; admins are made by a command.
        role: { type: 'string', required: false, defaultValue: 'influencer', input: false },
        username: { type: 'string', required: false, input: false },
        // An admin's role in the team (issue 39); set by the admin command and by invitations, never by the client.
        adminRole: { type: 'string', required: false, input: false },
      },
    },
    // Issue 42: Better Auth's session list answers every session token to page scripts, and its revoke-session ends
    // one by token; the app lists and ends sessions by id instead (routes/account-sessions.ts).
    disabledPaths: ['/list-sessions', '/revoke-session'],
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
      // No cookie cache: a session ended on the server stops working at once.
      cookieCache: { enabled: false },
      // Ours, kept on the session row (issue 22): read with every session, written by the app, never by a client.
      additionalFields: {
        /** The last request (admin sessions end after 30 minutes idle: middleware/session.ts). */
        lastActiveAt: { type: 'date', required: false, input: false },
        /** When a second factor was last checked in this session (money actions and exports need 10 minutes). */
        secondFactorAt: { type: 'date', required: false, input: false },
      },
    },
    account: {
      encryptOAuthTokens: true,
      accountLinking: { enabled: false },
    },
    socialProviders: socialProviderOptions(env),
    plugins: [...tiktokSignIn(env, { logger, now, signInHandles }), twoFactorSignIn(), ...googleSignIn(env)],
    rateLimit: rateLimitOptions(),
    advanced: {
      // Better Auth skips its origin check under test runners; ours must see the production behaviour.
      disableOriginCheck: false,
      cookiePrefix: COOKIE_PREFIX,
      // Over https every cookie is Secure, and ours carry the __Host- prefix (Secure, Path=/, no Domain: no other
      // host, not even a subdomain, can set or shadow them). Better Auth's own prefix would be __Secure-.
      useSecureCookies: false,
      cookies: sessionCookieNames(env),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: env.appUrl.startsWith('https://') },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: sessionHooks({ db, logger, now, signInHandles }),
    // Errors that are not Better Auth's own answers go up to the app's error handler (one 500, one safe log line).
    onAPIError: { throw: true },
    logger: authLogger(logger),
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
