import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { UserRole } from '../../shared/schemas/session';
import { CLIENT_IP_HEADER, sessionCookieName } from '../auth';
import type { AppBindings, CurrentUser } from '../context';
import { AppError } from '../errors';

/** The client's address: the TCP peer, or the first X-Forwarded-For hop when TRUST_PROXY is on. */
export function clientAddress(c: Context<AppBindings>): string {
  if (c.get('deps').env.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    // In-process requests (tests) have no socket.
    return '127.0.0.1';
  }
}

/** The request's headers with our trusted client-address header (replacing any copy the client sent). */
export function headersWithClientAddress(c: Context<AppBindings>): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientAddress(c));
  return headers;
}

/** The (unread) request with our trusted client-address header, for handing to Better Auth's handler. */
export function withClientAddress(c: Context<AppBindings>): Request {
  return new Request(c.req.raw, { headers: headersWithClientAddress(c) });
}

/** Reads the session cookie (if any) once per request and sets `user`. */
export const loadSession: MiddlewareHandler<AppBindings> = async (c, next) => {
  // No session cookie, no session: skip the lookup (most public traffic).
  const { auth, env } = c.get('deps');
  if (!getCookie(c, sessionCookieName(env))) {
    c.set('user', null);
    return next();
  }
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  const user: CurrentUser | null = result
    ? {
        id: result.user.id,
        name: result.user.name,
        email: result.user.email,
        image: result.user.image ?? null,
        role: (result.user as { role?: UserRole }).role === 'admin' ? 'admin' : 'influencer',
        sessionId: result.session.id,
      }
    : null;
  c.set('user', user);
  await next();
};

/** 401 unless signed in. */
export const requireSession: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!c.get('user')) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  await next();
};

/** 401 unless signed in; 403 unless the user has `role`. */
export function requireRole(role: UserRole): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    if (user.role !== role) throw new AppError('FORBIDDEN', 'You do not have access to this.');
    await next();
  };
}

/** The signed-in user; only call behind requireSession/requireRole. */
export function currentUser(c: Context<AppBindings>): CurrentUser {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return user;
}
