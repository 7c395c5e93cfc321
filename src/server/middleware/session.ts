import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { UserRole } from '../../shared/schemas/session';
import { sessionCookieName } from '../auth';
import { CLIENT_IP_HEADER } from '../client-ip';
import type { AppBindings, CurrentUser } from '../context';
import { AppError } from '../errors';
import { adminSessionEnd, endSession, touchSession } from '../services/session-limits';

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

const asDate = (value: unknown): Date | null =>
  value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;

/**
 * Reads the session cookie (if any) once per request and sets `user`. An admin session past its limits (12 hours
 * from the sign-in, 30 minutes idle: services/session-limits) is deleted on the server and its cookie cleared, so
 * the request goes on signed out (admin routes answer 401); a live one notes the request, at most once a minute.
 */
export const loadSession: MiddlewareHandler<AppBindings> = async (c, next) => {
  // No session cookie, no session: skip the lookup (most public traffic).
  const { auth, env, db } = c.get('deps');
  const cookieName = sessionCookieName(env);
  if (!getCookie(c, cookieName)) {
    c.set('user', null);
    return next();
  }
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) {
    c.set('user', null);
    return next();
  }
  const role: UserRole = (result.user as { role?: UserRole }).role === 'admin' ? 'admin' : 'influencer';
  const session = {
    id: result.session.id,
    createdAt: asDate(result.session.createdAt) ?? new Date(0),
    lastActiveAt: asDate((result.session as { lastActiveAt?: unknown }).lastActiveAt),
  };
  if (role === 'admin') {
    const now = c.get('services').now();
    if (adminSessionEnd(session, now)) {
      await endSession(db, session.id);
      deleteCookie(c, cookieName, { path: '/', secure: cookieName.startsWith('__Host-') });
      c.set('user', null);
      return next();
    }
    await touchSession(db, session, now);
  }
  const user: CurrentUser = {
    id: result.user.id,
    name: result.user.name,
    email: result.user.email,
    image: result.user.image ?? null,
    role,
    sessionId: result.session.id,
    sessionStartedAt: session.createdAt,
    twoFactorEnabled: (result.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
    secondFactorAt: asDate((result.session as { secondFactorAt?: unknown }).secondFactorAt),
  };
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
