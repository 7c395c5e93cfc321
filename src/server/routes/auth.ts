import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ADMIN_INVALID_CREDENTIALS,
  adminSignInSchema,
  providerNotConfiguredMessage,
  SOCIAL_PROVIDER_IDS,
  type SocialProviderId,
} from '../../shared/schemas/auth';
import { urlResultSchema } from '../../shared/schemas/results';
import { adminSignInResultSchema, stepUpResultSchema, stepUpSchema } from '../../shared/schemas/session';
import { SIGN_IN_RATE_LIMIT, socialCallbackUrls } from '../auth/auth';
import type { AppBindings } from '../http/context';
import { AppError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, refusal } from '../http/route-responses';
import { clientAddress, currentUser, headersWithClientAddress, requireSession } from '../middleware/session';
import { adminSignInEmail } from '../services/admin-accounts';
import { passwordBudgetError } from '../services/password-attempts';
import { checkTotpCode, markSecondFactor } from '../services/second-factor';
import { atInstant } from '../services/service-context';

/** Better Auth's id for each of our providers. */
const BETTER_AUTH_PROVIDER: Record<SocialProviderId, string> = {
  google: 'google',
  facebook: 'facebook',
  x: 'twitter',
  tiktok: 'tiktok',
};

const accountRoute = routeGroup({ tags: ['Accounts'] });
const sessionRoute = routeGroup({ tags: ['Accounts'], middleware: [requireSession] as const });

const startSocialRoute = accountRoute.post('/auth/social/{provider}', {
  summary: 'Start a social sign-in: answers the provider address to send the browser to',
  description: 'State and PKCE are kept by the server; the provider returns to /auth/callback.',
  request: {
    params: z.object({
      provider: z.enum(SOCIAL_PROVIDER_IDS, {
        error: 'provider must be one of: google, facebook, x, tiktok',
      }),
    }),
  },
  responses: {
    200: answer('Where to send the browser', urlResultSchema),
    400: refusal('The provider is not configured'),
  },
});

const tiktokRoute = accountRoute.get('/auth/tiktok', {
  summary: 'TikTok sign-in (a browser redirect)',
  responses: { 302: { description: 'To TikTok, or back to /auth/callback with an error' } },
});

const adminSignInRoute = accountRoute.post('/auth/admin-sign-in', {
  summary: 'Admin sign-in with a username or email and a password',
  description:
    'For an account with an authenticator app the answer is `twoFactorRequired: true` and no session yet: the ' +
    'two_factor cookie is set, and the session starts with POST /api/auth/two-factor/verify-totp {code} (or ' +
    'verify-backup-code). With ADMIN_REQUIRE_2FA an admin who has not enrolled is sent to the enrolment page.',
  request: { body: jsonBody(adminSignInSchema) },
  responses: {
    200: answer(
      'Signed in (the session cookie is set), or a second-factor code is required first',
      adminSignInResultSchema,
    ),
    400: refusal('A field is missing'),
    401: refusal('Wrong username or password'),
    429: refusal('Too many attempts'),
  },
});

const stepUpRoute = sessionRoute.post('/auth/step-up', {
  summary:
    'Confirm with an authenticator code (or a backup code): money actions and exports go through for 10 minutes',
  description:
    'Answers 403 STEP_UP_REQUIRED elsewhere lead here. Wrong codes spend the account’s code budget (5 in a row, ' +
    'then a wait of 1 minute doubling up to 15; 429 with Retry-After meanwhile).',
  request: { body: jsonBody(stepUpSchema) },
  responses: {
    200: answer('Confirmed', stepUpResultSchema),
    400: refusal('Wrong code, or no authenticator enrolled'),
    401: refusal('Not signed in'),
    429: refusal('Too many wrong codes'),
  },
});

const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';

/** Copies Set-Cookie headers of a Better Auth answer onto our own. */
function forwardCookies(from: Response, to: Headers) {
  for (const cookie of from.headers.getSetCookie()) to.append('Set-Cookie', cookie);
}

/**
 * Better Auth's start of a social sign-in (state and PKCE kept by the server): its answer (cookies to forward), the
 * provider's address to send the browser to, or the message of why there is none.
 */
async function startSocialSignIn(c: Context<AppBindings>, provider: SocialProviderId) {
  const answer = await c.get('deps').auth.api.signInSocial({
    body: {
      provider: BETTER_AUTH_PROVIDER[provider],
      disableRedirect: true,
      ...socialCallbackUrls(provider),
    },
    headers: headersWithClientAddress(c),
    asResponse: true,
  });
  const body = (await answer.json()) as { url?: string; message?: string };
  return { answer, url: answer.ok ? body.url : undefined, message: body.message };
}

export const authRoutes = createRouter()
  .openapi(startSocialRoute, async (c) => {
    const { provider } = c.req.valid('param');
    const { env } = c.get('deps');
    if (!env.oauth[provider]) throw new AppError('BAD_REQUEST', providerNotConfiguredMessage(provider));
    const { answer, url, message } = await startSocialSignIn(c, provider);
    if (!url) {
      throw new AppError(
        'BAD_REQUEST',
        `${provider === 'google' ? 'Google' : provider} authentication failed: ${message ?? 'no address'}`,
      );
    }
    const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
    forwardCookies(answer, headers);
    return new Response(JSON.stringify({ url }), { status: 200, headers }) as never;
  })
  .openapi(tiktokRoute, async (c) => {
    const { env } = c.get('deps');
    const back = (message: string) =>
      c.redirect(`/auth/callback?provider=tiktok&error=${encodeURIComponent(message)}`, 302);
    if (!env.oauth.tiktok) return back(providerNotConfiguredMessage('tiktok'));
    const { answer, url, message } = await startSocialSignIn(c, 'tiktok');
    if (!url) return back(`Failed to authenticate with TikTok: ${message ?? 'Unknown error'}`);
    const headers = new Headers({ Location: url, 'cache-control': 'no-store' });
    forwardCookies(answer, headers);
    return new Response(null, { status: 302, headers }) as never;
  })
  .openapi(adminSignInRoute, async (c) => {
    const { auth } = c.get('deps');
    const { username, password } = c.req.valid('json');
    const adminEmail = await adminSignInEmail(c.get('services'), auth, {
      username,
      password,
      clientIp: clientAddress(c),
      rule: SIGN_IN_RATE_LIMIT,
    });
    // Better Auth's email sign-in keeps the account's password budget (shared with the creators' sign-in form).
    const answer = await auth.api
      .signInEmail({
        body: { email: adminEmail, password },
        headers: headersWithClientAddress(c),
        asResponse: true,
      })
      .catch((error: unknown) => {
        throw passwordBudgetError(error) ?? error;
      });
    if (!answer.ok) throw new AppError('UNAUTHORIZED', ADMIN_INVALID_CREDENTIALS);
    const body = (await answer.json()) as {
      twoFactorRedirect?: boolean;
      user?: { twoFactorEnabled?: boolean | null };
    };
    const { env } = c.get('deps');
    // An enrolled admin has no session yet (Better Auth's two-factor plugin set the two_factor cookie instead);
    // with ADMIN_REQUIRE_2FA one who has not enrolled goes to the enrolment page first.
    const twoFactorRequired = body.twoFactorRedirect === true;
    const redirectTo =
      !twoFactorRequired && env.adminRequire2fa && body.user?.twoFactorEnabled !== true
        ? '/admin/two-factor'
        : '/admin/campaigns';
    const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
    forwardCookies(answer, headers);
    return new Response(JSON.stringify({ redirectTo, twoFactorRequired }), { status: 200, headers }) as never;
  })
  .openapi(stepUpRoute, async (c) => {
    const { auth } = c.get('deps');
    const user = currentUser(c);
    const ctx = atInstant(c.get('services'));
    if (!user.twoFactorEnabled) {
      throw new AppError('BAD_REQUEST', 'Two-factor authentication is not set up for this account.');
    }
    const { code } = c.req.valid('json');
    let right: boolean;
    if (/^\d{6}$/.test(code)) {
      right = await checkTotpCode(ctx, auth, user.id, code);
    } else {
      // A backup code: Better Auth's own check, which uses it up (our hook spends the same code budget).
      const answer = await auth.api.verifyBackupCode({
        body: { code, disableSession: true },
        headers: headersWithClientAddress(c),
        asResponse: true,
      });
      if (answer.status === 429) {
        const body = (await answer.json().catch(() => ({}))) as { message?: string };
        throw new AppError('TOO_MANY_REQUESTS', body.message ?? 'Too many wrong codes.', {
          'Retry-After': answer.headers.get('retry-after') ?? '60',
        });
      }
      right = answer.ok;
    }
    if (!right) throw new AppError('BAD_REQUEST', WRONG_CODE, {}, undefined, 'code');
    const { validUntil } = await markSecondFactor(ctx, user.sessionId);
    return c.json({ validUntil: validUntil.toISOString() }, 200);
  });
