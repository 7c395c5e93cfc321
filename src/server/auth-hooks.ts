import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { CLIENT_IP_HEADER } from './auth';
import { newPasswordProblem, signUpProblem, userUpdateProblem } from './services/account-input';
import {
  claimPasswordAttempt,
  forgivePasswordAttempts,
  type NoticeDeps,
  noticeRepeatedFailures,
  passwordSubject,
  tooManyAttemptsMessage,
} from './services/password-attempts';
import { afterPasswordChange, countResetRequest, TOO_MANY_RESETS_MESSAGE } from './services/password-reset';

/**
 * Our rules around Better Auth's endpoints. Before: what sign-up, profile updates and new passwords may contain;
 * the per-account password budget on email sign-in (which the admin sign-in goes through too) and password change;
 * a password change always signs out the other sessions; reset requests per client address. After: a right
 * password forgives the failures, a wrong one may tell the owner.
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

async function claimOrRefuse(deps: NoticeDeps, email: string) {
  const claim = await claimPasswordAttempt(deps.db, passwordSubject(email));
  if (!claim.allowed) throw tooMany(tooManyAttemptsMessage(claim.retryAfter), claim.retryAfter);
}

async function settle(deps: NoticeDeps, email: string, right: boolean) {
  if (right) await forgivePasswordAttempts(deps.db, passwordSubject(email));
  else await noticeRepeatedFailures(deps, email);
}

export function accountHooks(deps: NoticeDeps) {
  const before = createAuthMiddleware(async (ctx) => {
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
        const decision = await countResetRequest(deps.db, clientIp(ctx));
        if (!decision.allowed) throw tooMany(TOO_MANY_RESETS_MESSAGE, decision.retryAfter);
        return;
      }
      default:
        return;
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const body = bodyOf(ctx);
    if (ctx.path === '/sign-in/email' && typeof body.email === 'string') {
      await settle(deps, body.email, Boolean(ctx.context.newSession));
    } else if (ctx.path === '/change-password' && ctx.context.session) {
      const email = ctx.context.session.user.email;
      if (isAPIError(ctx.context.returned)) await noticeRepeatedFailures(deps, email);
      else await afterPasswordChange(deps, email);
    }
  });

  return { before, after };
}
