import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/rules/password';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { trustedOrigins } from '../http/trusted-origins';
import { tiktokLogin, tiktokProvider } from '../integrations/tiktok/tiktok-login';
import { createMailer, type Mailer } from '../mail/mailer';
import { type Logger, maskEmails, safeError } from '../process/logger';
import { capUserFields } from '../services/account-input';
import { noticeSignUpWithExistingAddress } from '../services/account-notices';
import { refuseBannedSignIn } from '../services/creator-moderation';
import { refuseClosedSignIn } from '../services/data-rights/closures';
import { onSignedIn } from '../services/influencer-accounts';
import { afterPasswordChange, mailResetLink, RESET_LINK_MINUTES } from '../services/password-reset';
import { SECOND_FACTOR_PATHS } from '../services/second-factor';
import { accountHooks } from './auth-hooks';
import { passwordHashing } from './password-hashing';
import { SignInHandles } from './sign-in-handles';

/** Where Better Auth sends the browser after a provider sign-in (the /auth/callback page finishes the job). */
export function socialCallbackUrls(provider: string) {
  return {
    callbackURL: `/auth/callback?provider=${provider}`,
    errorCallbackURL: `/auth/callback?provider=${provider}`,
    newUserCallbackURL: `/auth/callback?provider=${provider}`,
  };
}

const COOKIE_PREFIX = 'mintbox';
const OWN_COOKIES = [
  'session_token',
  'session_data',
  'dont_remember',
  'account_data',
  'oauth_state',
] as const;

/** Cookie names over https: __Host-mintbox.session_token and so on (Better Auth's default names on http). */
function sessionCookieNames(env: Pick<Env, 'appUrl'>) {
  if (!env.appUrl.startsWith('https://')) return {};
  return Object.fromEntries(OWN_COOKIES.map((name) => [name, { name: `__Host-${COOKIE_PREFIX}.${name}` }]));
}

/** The session cookie's name, as the browser sends it back. */
export function sessionCookieName(env: Pick<Env, 'appUrl'>): string {
  return ownCookieName(env, 'session_token');
}

/** The name of one of our auth cookies (session_token, dont_remember, …) as the browser sends it back. */
export function ownCookieName(env: Pick<Env, 'appUrl'>, name: (typeof OWN_COOKIES)[number]): string {
  return env.appUrl.startsWith('https://') ? `__Host-${COOKIE_PREFIX}.${name}` : `${COOKIE_PREFIX}.${name}`;
}

/** Sessions last 30 days; Better Auth moves the expiry forward on a request once a day (seconds, as it takes them). */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

/** Sign-in attempts allowed per client address and window, for the password and admin sign-in paths. */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 10 };

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
  const { google, facebook, x, tiktok } = env.oauth;
  const mailDeps = { db, mailer, appUrl: env.appUrl, logger };
  const signInHandles = new SignInHandles();
  return betterAuth({
    appName: 'Mintbox',
    baseURL: env.appUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // A sign-up never starts a session: the answer is then the same for a registered address (whose owner gets
      // a mail instead), and the form signs in with the password next.
      autoSignIn: false,
      requireEmailVerification: false,
      password: passwordHashing(env.passwordHashCost),
      onExistingUserSignUp: async ({ user }) => {
        await noticeSignUpWithExistingAddress(mailDeps, user.email);
      },
      sendResetPassword: async ({ user, token }) => {
        await mailResetLink(mailDeps, { email: user.email, role: (user as { role?: string }).role }, token);
      },
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await afterPasswordChange(mailDeps, user.email);
      },
    },
    hooks: accountHooks({ ...mailDeps, now }),
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
    socialProviders: {
      ...(facebook
        ? {
            facebook: {
              clientId: facebook.clientId,
              clientSecret: facebook.clientSecret,
              scope: ['email', 'public_profile'],
            },
          }
        : {}),
      ...(x ? { twitter: { clientId: x.clientId, clientSecret: x.clientSecret } } : {}),
    },
    plugins: [
      // TikTok (Login Kit for Web) as its documentation describes it, on configurable hosts (tiktok-login.ts):
      // the scopes the profile fields and the metrics need, the placeholder address, tokens kept encrypted.
      ...(tiktok
        ? [
            tiktokLogin(
              tiktokProvider(
                {
                  clientKey: tiktok.clientId,
                  clientSecret: tiktok.clientSecret,
                  authBase: env.tiktokAuthBase,
                  apiBase: env.tiktokApiBase,
                },
                {
                  appUrl: env.appUrl,
                  logger,
                  now,
                  onUsername: (openId, username) => signInHandles.remember(openId, username),
                },
              ),
            ),
          ]
        : []),
      // Authenticator apps (TOTP) and backup codes, for admins and for creators who want them (issue 22). Every
      // password sign-in of an enrolled account answers "code required" and the session starts only after
      // /two-factor/verify-totp or /two-factor/verify-backup-code; our hooks (auth-hooks.ts) add the code budget and
      // refuse "trust this device".
      twoFactor({
        issuer: 'Mintbox',
        // The secret and the backup codes are encrypted with AUTH_SECRET (the plugin's default, said out loud).
        backupCodeOptions: { storeBackupCodes: 'encrypted', amount: 10, length: 10 },
        // The sign-in challenge (the two_factor cookie) lasts 10 minutes.
        twoFactorCookieMaxAge: 10 * 60,
      }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  discoveryUrl: env.googleDiscoveryUrl,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  accessType: 'offline',
                  prompt: 'consent',
                },
              ],
            }),
          ]
        : []),
    ],
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': SIGN_IN_RATE_LIMIT,
        '/sign-up/email': { window: 60, max: 5 },
        // The two-factor plugin's own 3 per 10 s per address and endpoint trips up an office of admins behind one
        // address (and a person who mistypes twice); the per-account code budget is the guard (auth-hooks.ts).
        '/two-factor/*': SIGN_IN_RATE_LIMIT,
      },
    },
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
    databaseHooks: {
      // Whatever made the user (a form, a provider's profile): a capped name, an http(s) image or none.
      user: {
        create: { before: async (user) => ({ data: capUserFields(user) }) },
        update: { before: async (user) => ({ data: capUserFields(user) }) },
      },
      session: {
        create: {
          // A banned creator gets no session, whichever way they sign in (issue 13). A session starts active now;
          // one started by a second-factor check (the sign-in code, the enrolment's first code) has just had one.
          before: async (session, context) => {
            await refuseBannedSignIn(db, session.userId);
            await refuseClosedSignIn(db, session.userId);
            const at = now();
            const checked = SECOND_FACTOR_PATHS.has(context?.path ?? '');
            return { data: { ...session, lastActiveAt: at, ...(checked ? { secondFactorAt: at } : {}) } };
          },
          after: async (session) => {
            await onSignedIn(db, session.userId, logger, (openId) => signInHandles.take(openId));
          },
        },
      },
    },
    // Errors that are not Better Auth's own answers go up to the app's error handler (one 500, one safe log line).
    onAPIError: { throw: true },
    logger: {
      log: (level, message, ...args) => {
        const details = args.map((arg) =>
          arg instanceof Error ? safeError(arg) : typeof arg === 'string' ? maskEmails(arg) : typeof arg,
        );
        logger[level]({ details }, `auth: ${maskEmails(message)}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
