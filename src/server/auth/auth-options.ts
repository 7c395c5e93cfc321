import type { BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/rules/password';
import { tiktokLogin, tiktokProvider } from '../integrations/tiktok/tiktok-login';
import { type Logger, maskEmails, safeError } from '../process/logger';
import { capUserFields } from '../services/account-input';
import { noticeSignUpWithExistingAddress } from '../services/account-notices';
import { onSignedIn } from '../services/creator-accounts';
import { refuseBannedSignIn } from '../services/creator-moderation';
import { refuseClosedSignIn } from '../services/data-rights/closures';
import {
  afterPasswordChange,
  mailResetLink,
  RESET_LINK_MINUTES,
  type ResetDeps,
} from '../services/password-reset';
import { SECOND_FACTOR_PATHS } from '../services/second-factor';
import { passwordHashing } from './password-hashing';
import type { SignInHandles } from './sign-in-handles';

/*
 * The sections of Better Auth's options that createAuth (auth.ts) puts together: each one our rules for a part of
 * the sign-in. The sections that shape the instance's types (its fields and plugins' endpoints) stay in auth.ts.
 */

/** Sign-in attempts allowed per client address and window, for the password and admin sign-in paths. */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 10 };

/** The auth tables in our schema. */
export function authDatabase(db: Database) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: users,
      session: sessions,
      account: accounts,
      verification: verifications,
      rateLimit: rateLimits,
      twoFactor: twoFactors,
    },
  });
}

/** Sign-up and sign-in with a password, and the reset by mail. */
export function emailAndPasswordOptions(env: Env, mailDeps: ResetDeps) {
  return {
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
  } satisfies BetterAuthOptions['emailAndPassword'];
}

/** Facebook and X, with Better Auth's own providers, when configured. */
export function socialProviderOptions(env: Env) {
  const { facebook, x } = env.oauth;
  return {
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
  } satisfies BetterAuthOptions['socialProviders'];
}

/**
 * TikTok (Login Kit for Web) as its documentation describes it, on configurable hosts (tiktok-login.ts): the scopes
 * the profile fields and the metrics need, the placeholder address, tokens kept encrypted. None when not configured.
 */
export function tiktokSignIn(
  env: Env,
  deps: { logger: Logger; now: () => Date; signInHandles: SignInHandles },
) {
  const tiktok = env.oauth.tiktok;
  if (!tiktok) return [];
  const provider = tiktokProvider(
    {
      clientKey: tiktok.clientId,
      clientSecret: tiktok.clientSecret,
      authBase: env.tiktokAuthBase,
      apiBase: env.tiktokApiBase,
    },
    {
      appUrl: env.appUrl,
      logger: deps.logger,
      now: deps.now,
      onUsername: (openId, username) => deps.signInHandles.remember(openId, username),
    },
  );
  return [tiktokLogin(provider)];
}

/**
 * Authenticator apps (TOTP) and backup codes, for admins and for creators who want them (issue 22). Every password
 * sign-in of an enrolled account answers "code required" and the session starts only after
 * /two-factor/verify-totp or /two-factor/verify-backup-code; our hooks (auth-hooks.ts) add the code budget and
 * refuse "trust this device".
 */
export function twoFactorSignIn() {
  return twoFactor({
    issuer: 'Mintbox',
    // The secret and the backup codes are encrypted with AUTH_SECRET (the plugin's default, said out loud).
    backupCodeOptions: { storeBackupCodes: 'encrypted', amount: 10, length: 10 },
    // The sign-in challenge (the two_factor cookie) lasts 10 minutes.
    twoFactorCookieMaxAge: 10 * 60,
  });
}

/** Google through its discovery document (OpenID Connect, PKCE), when configured. */
export function googleSignIn(env: Env) {
  const google = env.oauth.google;
  if (!google) return [];
  return [
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
  ];
}

/** Requests per client address and minute: 100 in all, fewer for sign-in, sign-up and the code checks. */
export function rateLimitOptions() {
  return {
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
  } satisfies BetterAuthOptions['rateLimit'];
}

/**
 * Whatever made the user (a form, a provider's profile): a capped name, an http(s) image or none. A banned creator
 * gets no session, whichever way they sign in (issue 13), nor does a closed account; a session starts active now,
 * and one started by a second-factor check (the sign-in code, the enrolment's first code) has just had one.
 */
export function sessionHooks(deps: {
  db: Database;
  logger: Logger;
  now: () => Date;
  signInHandles: SignInHandles;
}) {
  const { db, logger, now, signInHandles } = deps;
  return {
    user: {
      create: { before: async (user) => ({ data: capUserFields(user) }) },
      update: { before: async (user) => ({ data: capUserFields(user) }) },
    },
    session: {
      create: {
        before: async (session, context) => {
          await refuseBannedSignIn(db, session.userId);
          await refuseClosedSignIn(db, session.userId);
          const at = now();
          const checked = SECOND_FACTOR_PATHS.has(context?.path ?? '');
          return { data: { ...session, lastActiveAt: at, ...(checked ? { secondFactorAt: at } : {}) } };
        },
        after: async (session) => {
          await onSignedIn({ db, logger, now }, session.userId, (openId) => signInHandles.take(openId));
        },
      },
    },
  } satisfies BetterAuthOptions['databaseHooks'];
}

/** Better Auth's log lines through ours, with addresses masked and errors reduced to what is safe to keep. */
export function authLogger(logger: Logger) {
  return {
    log: (level, message, ...args) => {
      const details = args.map((arg) =>
        arg instanceof Error ? safeError(arg) : typeof arg === 'string' ? maskEmails(arg) : typeof arg,
      );
      logger[level]({ details }, `auth: ${maskEmails(message)}`);
    },
  } satisfies BetterAuthOptions['logger'];
}
