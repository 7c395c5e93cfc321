import type { BetterAuthPlugin } from 'better-auth';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { OAuthProvider } from 'better-auth/oauth2';
import { z } from 'zod';
import { tiktokPlaceholderEmail } from '../../../shared/rules/identity';
import { OutboundError, sendOutbound } from '../../http/outbound';
import type { Logger } from '../../process/logger';
import { TIKTOK_SCOPES, tiktokProfileFields } from './tiktok-scopes';

/*
 * Sign in with TikTok (Login Kit for Web, OAuth v2), written against TikTok's documentation rather than Better
 * Auth's built-in provider, whose hosts are fixed (so no local stand-in can be used) and which asks
 * /v2/user/info/ for user.info.basic fields without requesting that scope:
 * - authorize: GET <TIKTOK_AUTH_BASE>/v2/auth/authorize/?client_key&scope=<comma-separated>&response_type=code
 *   &redirect_uri&state ("Login Kit for Web");
 * - tokens: POST <TIKTOK_API_BASE>/v2/oauth/token/, a form with client_key and client_secret (never client_id),
 *   grant_type authorization_code (code, redirect_uri) or refresh_token ("Manage User Access Tokens"); an error
 *   is `{ error, error_description, log_id }`, whatever the HTTP status ("OAuth Error Handling");
 * - profile: GET <TIKTOK_API_BASE>/v2/user/info/?fields=open_id,avatar_large_url,display_name (user.info.basic)
 *   ,username (user.info.profile) ("Get User Info").
 * Better Auth keeps the tokens encrypted in `account` (encryptOAuthTokens); tiktok_auth holds the same ciphertext
 * and the metrics source opens it with Better Auth's own cipher and AUTH_SECRET (`openTiktokToken`).
 */

export { TIKTOK_PROFILE_FIELDS, TIKTOK_SCOPES } from './tiktok-scopes';

export interface TiktokClientConfig {
  clientKey: string;
  clientSecret: string;
  /** https://www.tiktok.com (the authorize page). */
  authBase: string;
  /** https://open.tiktokapis.com (tokens and the APIs). */
  apiBase: string;
}

export interface TiktokTokens {
  openId: string;
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date;
  scopes: string[];
}

/**
 * A token request TikTok refused or could not answer. `refused`: the grant is no good (invalid_grant and the
 * like: the creator must sign in again); `client`: our client key or secret was refused (every creator is
 * affected); otherwise TikTok failed (5xx, server_error, an answer we cannot read).
 */
export class TiktokTokenError extends Error {
  override name = 'TiktokTokenError';
  constructor(
    readonly kind: 'refused' | 'client' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  open_id: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number(),
  scope: z.string().default(''),
});
const tokenError = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
  log_id: z.string().optional(),
});

/** POST /v2/oauth/token/ with our client key and secret; the new pair, or a TiktokTokenError. */
export async function requestTiktokTokens(
  config: Pick<TiktokClientConfig, 'clientKey' | 'clientSecret' | 'apiBase'>,
  grant:
    | { grant_type: 'authorization_code'; code: string; redirect_uri: string }
    | {
        grant_type: 'refresh_token';
        refresh_token: string;
      },
  deps: { now: () => Date; fetch?: typeof fetch | undefined },
): Promise<TiktokTokens> {
  let status: number;
  let body: unknown;
  try {
    // Sent once (the outbound helper never repeats a POST): a code is good once, and a refresh may turn the token.
    const answer = await sendOutbound({
      service: "TikTok's token endpoint",
      url: `${config.apiBase}/v2/oauth/token/`,
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'cache-control': 'no-cache',
      },
      body: new URLSearchParams({
        client_key: config.clientKey,
        client_secret: config.clientSecret,
        ...grant,
      }).toString(),
      redirect: 'error',
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    status = answer.status;
    body = answer.body;
  } catch (error) {
    // No answer (a refused redirect too: redirect: 'error' makes it a network failure).
    const reason =
      error instanceof OutboundError ? error.message : `TikTok's token endpoint failed: ${String(error)}`;
    throw new TiktokTokenError('failed', reason);
  }
  const tokens = tokenAnswer.safeParse(body);
  if (tokens.success) {
    const at = deps.now().getTime();
    return {
      openId: tokens.data.open_id,
      accessToken: tokens.data.access_token,
      refreshToken: tokens.data.refresh_token,
      accessTokenExpiresAt: new Date(at + tokens.data.expires_in * 1000),
      refreshTokenExpiresAt: new Date(at + tokens.data.refresh_expires_in * 1000),
      scopes: tokens.data.scope.split(',').filter(Boolean),
    };
  }
  const refusal = tokenError.safeParse(body);
  if (!refusal.success)
    throw new TiktokTokenError('failed', `TikTok's token endpoint answered ${status} unreadably`);
  const { error, error_description: description, log_id: logId } = refusal.data;
  const text = `TikTok refused the token request: ${error}${description ? ` (${description})` : ''}${logId ? ` [log_id ${logId}]` : ''}`;
  if (error === 'invalid_client' || error === 'unauthorized_client')
    throw new TiktokTokenError('client', text);
  if (error === 'server_error' || error === 'temporarily_unavailable')
    throw new TiktokTokenError('failed', text);
  throw new TiktokTokenError('refused', text);
}

const userInfoAnswer = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string().min(1),
      avatar_large_url: z.string().optional(),
      display_name: z.string().optional(),
      username: z.string().optional(),
    }),
  }),
  error: z.object({ code: z.literal('ok') }),
});

export type TiktokProfile = z.infer<typeof userInfoAnswer>;

interface ProviderDeps {
  appUrl: string;
  logger: Logger;
  now: () => Date;
  fetch?: typeof fetch | undefined;
  /** Told the username read at sign-in (kept as the creator's TikTok handle by onSignedIn). */
  onUsername?: ((openId: string, username: string) => void) | undefined;
}

type SignInProfileRead = OAuthProvider<TiktokProfile>['getUserInfo'];

/**
 * The signed-in person's profile (GET /v2/user/info/), with only the fields the grant allows (without
 * user.info.basic TikTok refuses the read: no sign-in); the username goes to `onUsername`. Null when TikTok refused.
 */
async function readSignInProfile(
  config: TiktokClientConfig,
  deps: ProviderDeps,
  tokens: Parameters<SignInProfileRead>[0],
  refused: (error: unknown) => null,
): ReturnType<SignInProfileRead> {
  const granted = (tokens as { scopes?: string[] }).scopes;
  const url = `${config.apiBase}/v2/user/info/?fields=${tiktokProfileFields(granted).join(',')}`;
  try {
    // A GET: retried by the outbound helper after no answer, a 429 or a 5xx.
    const response = await sendOutbound({
      service: 'TikTok',
      url,
      headers: { authorization: `Bearer ${tokens.accessToken}` },
      redirect: 'error',
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    const body = response.body;
    const profile = userInfoAnswer.safeParse(body);
    if (!profile.success) {
      const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
      return refused(`GET /v2/user/info/ answered ${response.status} ${String(code ?? 'unreadably')}`);
    }
    const user = profile.data.data.user;
    if (user.username) deps.onUsername?.(user.open_id, user.username);
    return {
      user: {
        name: user.display_name || user.username || '',
        image: user.avatar_large_url || undefined,
        email: tiktokPlaceholderEmail(user.open_id, deps.appUrl),
        emailVerified: false,
      },
      data: profile.data,
    };
  } catch (error) {
    return refused(error);
  }
}

/** Better Auth's provider "tiktok", against the configured hosts. */
export function tiktokProvider(config: TiktokClientConfig, deps: ProviderDeps): OAuthProvider<TiktokProfile> {
  const refused = (error: unknown) => {
    deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'TikTok sign-in failed',
    );
    return null;
  };
  return {
    id: 'tiktok',
    name: 'TikTok',
    accountSubject: ({ profile }) => profile.data.user.open_id,
    createAuthorizationURL({ state, scopes, redirectURI }) {
      const url = new URL('/v2/auth/authorize/', config.authBase);
      url.search = new URLSearchParams({
        client_key: config.clientKey,
        scope: [...new Set([...TIKTOK_SCOPES, ...(scopes ?? [])])].join(','),
        response_type: 'code',
        redirect_uri: redirectURI,
        state,
      }).toString();
      return url;
    },
    async validateAuthorizationCode({ code, redirectURI }) {
      try {
        const tokens = await requestTiktokTokens(
          config,
          { grant_type: 'authorization_code', code, redirect_uri: redirectURI },
          deps,
        );
        return { ...tokens, tokenType: 'Bearer' };
      } catch (error) {
        return refused(error);
      }
    },
    async refreshAccessToken(refreshToken) {
      const tokens = await requestTiktokTokens(
        config,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        deps,
      );
      return { ...tokens, tokenType: 'Bearer' };
    },
    getUserInfo: (tokens) => readSignInProfile(config, deps, tokens, refused),
    options: { clientId: config.clientKey, clientSecret: config.clientSecret },
  };
}

/** Puts our TikTok provider in Better Auth's list of providers (sign-in at /sign-in/social, /callback/tiktok). */
export function tiktokLogin(provider: OAuthProvider<TiktokProfile>) {
  return {
    id: 'mintbox-tiktok-login',
    init: (context) => ({
      context: {
        socialProviders: [
          provider as OAuthProvider,
          ...context.socialProviders.filter((p) => p.id !== provider.id),
        ],
      },
    }),
  } satisfies BetterAuthPlugin;
}

/** Better Auth's test for a value its cipher wrote (oauth2/utils isLikelyEncrypted): enveloped or hex. */
function looksSealed(value: string): boolean {
  return value.startsWith('$ba$') || (value.length % 2 === 0 && /^[0-9a-f]+$/i.test(value));
}

/** A token sealed as Better Auth seals the account's tokens (XChaCha20-Poly1305, key from AUTH_SECRET). */
export function sealTiktokToken(authSecret: string, token: string): Promise<string> {
  return symmetricEncrypt({ key: authSecret, data: token });
}

/**
 * The token in a stored value. Like Better Auth's own reader, a value its cipher did not write (a token stored
 * before encryption was on) is taken as it is; it is sealed again at the next refresh.
 */
export async function openTiktokToken(authSecret: string, stored: string): Promise<string> {
  return looksSealed(stored) ? symmetricDecrypt({ key: authSecret, data: stored }) : stored;
}
