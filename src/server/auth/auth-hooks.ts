import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { newPasswordProblem, signUpProblem, userUpdateProblem } from '../services/account-input';
import {
  claimPasswordAttempt,
  forgivePasswordAttempts,
  type NoticeDeps,
  noticeRepeatedFailures,
  passwordSubject,
  tooManyAttemptsMessage,
} from '../services/password-attempts';
import { afterPasswordChange, countResetRequest, TOO_MANY_RESETS_MESSAGE } from '../services/password-reset';
import {
  claimCodeAttempt,
  forgiveCodeAttempts,
  isRecentSecondFactor,
  SECOND_FACTOR_PATHS,
  STEP_UP_REQUIRED_MESSAGE,
} from '../services/second-factor';

/**
 * Our rules around Better Auth's endpoints. Before: what sign-up, profile updates and new passwords may contain;
 * the per-account password budget on email sign-in (which the admin sign-in goes through too) and password change;
 * a password change always signs out the other sessions; reset requests per client address; the code budget on
 * second-factor checks (never "trust this device": every sign-in asks); a second factor from the last 10 minutes
 * to read the authenticator secret again, make new backup codes or turn two-factor off. After: a right password
 * (or code) forgives the failures, a wrong password may tell the owner.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const invalid = (message: string) => new APIError('BAD_REQUEST', { message, code: 'INVALID_INPUT' });

function tooMany(message: string, retryAfter: number) {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message, code: 'TOO_MANY_REQUESTS' },
    { 'Retry-After': String(retryAfter) },
  );
}

const bodyOf = (ctx: HookContext) => (ctx.body ?? {}) as Record<string, unknown>;
const clientIp = (ctx: HookContext) =>
  ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';

type HookDeps = NoticeDeps & { now: () => Date };

async function claimOrRefuse(deps: HookDeps, email: string) {
  const claim = await claimPasswordAttempt(deps.db, passwordSubject(email), deps.now());
  if (!claim.allowed) throw tooMany(tooManyAttemptsMessage(claim.retryAfter), claim.retryAfter);
}

async function settle(deps: HookDeps, email: string, right: boolean) {
  if (right) await forgivePasswordAttempts(deps.db, passwordSubject(email));
  else await noticeRepeatedFailures(deps, email, deps.now());
}

/** The plugin's tries per sign-in challenge; after them it asks for a new sign-in without looking at the code. */
const TRIES_PER_CHALLENGE = 5;

/**
 * Whose code a verify call checks: the signed-in user's, or the sign-in challenge's (the plugin's signed two_factor
 * cookie names a verification row holding the user's id, and a second one counting the challenge's tries). Null
 * when no code will be checked (no challenge, or one whose tries are used up), so nothing is spent.
 */
async function challengedUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const adapter = ctx.context.internalAdapter;
  const challenge = await adapter.findVerificationValue(identifier);
  if (!challenge) return null;
  const tries = await adapter.findVerificationValue(`2fa-attempts-${identifier}`);
  if (!tries || Number(tries.value) >= TRIES_PER_CHALLENGE) return null;
  return challenge.value;
}

/** Endpoints that hand out or remove a second factor: they need one checked in the last 10 minutes. */
const STEP_UP_PATHS = new Set([
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/two-factor/disable',
]);
/** The two-factor endpoints that check the account password. */
const TWO_FACTOR_PASSWORD_PATHS = new Set([...STEP_UP_PATHS, '/two-factor/enable']);

/** Better Auth's answer to a wrong password on the two-factor endpoints. */
const isWrongPassword = (returned: unknown) =>
  isAPIError(returned) && (returned.body as { code?: string } | undefined)?.code === 'INVALID_PASSWORD';

/**
 * A second-factor check (the sign-in code, a backup code, the enrolment's first code): one attempt of the account's
 * code budget is spent before the plugin looks at the code, and no device is trusted.
 */
async function beforeCodeCheck(ctx: HookContext, deps: HookDeps, checking: WeakMap<object, string>) {
  const userId = await challengedUserId(ctx);
  if (userId) {
    try {
      await claimCodeAttempt(deps.db, userId, deps.now());
    } catch (error) {
      const retryAfter = Number((error as { headers?: Record<string, string> }).headers?.['Retry-After']);
      throw tooMany((error as Error).message, Number.isFinite(retryAfter) ? retryAfter : 60);
    }
    checking.set(ctx.context, userId);
  }
  // Every sign-in asks for the code: no device is trusted for 30 days.
  return { context: { body: { ...bodyOf(ctx), trustDevice: false } } };
}

/** A two-factor endpoint that checks the password: a recent second factor for the step-up ones, the password budget. */
async function beforeTwoFactorPassword(
  ctx: HookContext,
  deps: HookDeps,
  passwordChecks: WeakMap<object, string>,
) {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const at = (session.session as { secondFactorAt?: Date | string | null }).secondFactorAt;
  if (STEP_UP_PATHS.has(ctx.path) && !isRecentSecondFactor(at ? new Date(at) : null, deps.now())) {
    throw new APIError('FORBIDDEN', { message: STEP_UP_REQUIRED_MESSAGE, code: 'STEP_UP_REQUIRED' });
  }
  // These endpoints check the password: the account's password budget applies, as at sign-in.
  await claimOrRefuse(deps, session.user.email);
  passwordChecks.set(ctx.context, session.user.email);
}

/** Sign-up, profile and password input, the password budget of sign-in and change, reset requests per address. */
async function beforeAccountInput(ctx: HookContext, deps: HookDeps) {
  const body = bodyOf(ctx);
  switch (ctx.path) {
    case '/sign-up/email': {
      const problem = signUpProblem(body);
      if (problem) throw invalid(problem);
      return;
    }
    case '/update-user': {
      const problem = userUpdateProblem(body);
      if (problem) throw invalid(problem);
      return;
    }
    case '/reset-password': {
      const problem = newPasswordProblem(body.newPassword);
      if (problem) throw invalid(problem);
      return;
    }
    case '/sign-in/email': {
      if (typeof body.email === 'string') await claimOrRefuse(deps, body.email);
      return;
    }
    case '/change-password': {
      const problem = newPasswordProblem(body.newPassword);
      if (problem) throw invalid(problem);
      const session = await getSessionFromCtx(ctx);
      if (session) await claimOrRefuse(deps, session.user.email);
      return { context: { body: { ...body, revokeOtherSessions: true } } };
    }
    case '/request-password-reset': {
      const decision = await countResetRequest(deps.db, clientIp(ctx), deps.now());
      if (!decision.allowed) throw tooMany(TOO_MANY_RESETS_MESSAGE, decision.retryAfter);
      return;
    }
    default:
      return;
  }
}

export function accountHooks(deps: HookDeps) {
  /** The user each second-factor check is about, from before to after (keyed by the request's context). */
  const checking = new WeakMap<object, string>();
  /** The account whose password a two-factor endpoint checks, from before to after. */
  const passwordChecks = new WeakMap<object, string>();

  const before = createAuthMiddleware(async (ctx) => {
    if (SECOND_FACTOR_PATHS.has(ctx.path)) return beforeCodeCheck(ctx, deps, checking);
    if (TWO_FACTOR_PASSWORD_PATHS.has(ctx.path)) return beforeTwoFactorPassword(ctx, deps, passwordChecks);
    return beforeAccountInput(ctx, deps);
  });

  const after = createAuthMiddleware(async (ctx) => {
    const body = bodyOf(ctx);
    const checked = SECOND_FACTOR_PATHS.has(ctx.path) ? checking.get(ctx.context) : undefined;
    const passwordOf = TWO_FACTOR_PASSWORD_PATHS.has(ctx.path) ? passwordChecks.get(ctx.context) : undefined;
    if (checked) {
      if (!isAPIError(ctx.context.returned)) await forgiveCodeAttempts(deps.db, checked);
    } else if (passwordOf) {
      await settle(deps, passwordOf, !isWrongPassword(ctx.context.returned));
    } else if (ctx.path === '/sign-in/email' && typeof body.email === 'string') {
      await settle(deps, body.email, Boolean(ctx.context.newSession));
    } else if (ctx.path === '/change-password' && ctx.context.session) {
      const email = ctx.context.session.user.email;
      if (isAPIError(ctx.context.returned)) await noticeRepeatedFailures(deps, email, deps.now());
      else await afterPasswordChange(deps, email);
    }
  });

  return { before, after };
}
