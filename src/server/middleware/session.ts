import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { ADMIN_ROLES, type AdminRole } from '../../shared/admin-permissions';
import type { UserRole } from '../../shared/schemas/session';
import { ownCookieName, SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S, sessionCookieName } from '../auth/auth';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import type { AppBindings, CurrentUser } from '../http/context';
import { AppError } from '../http/errors';
import { keepAdminSession } from '../services/session-limits';
import { findSessionByToken, verifiedCookieValue } from '../services/session-lookup';

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

const adminRoleOf = (value: unknown): AdminRole | null =>
  (ADMIN_ROLES as readonly unknown[]).includes(value) ? (value as AdminRole) : null;

const asDate = (value: unknown): Date | null =>
  value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;

/** A session and its user, as the request needs them. */
interface LoadedSession {
  session: { id: string; createdAt: Date; lastActiveAt: Date | null; secondFactorAt: Date | null };
  user: {
    id: string;
    name: string;
    email: string;
    image: string | null;
    role: unknown;
    /** The admin's role in the team (issue 39). */
    adminRole: unknown;
    twoFactorEnabled: unknown;
  };
}

/**
 * The session of this cookie. The common case (a valid signature, a live session that Better Auth would not
 * refresh now, no "don't remember me" cookie) is read here in one statement (services/session-lookup.ts, issue 28);
 * a session that is past its expiry or due for Better Auth's daily refresh goes through `auth.api.getSession`,
 * which deletes or extends it as before. Expiry is Better Auth's rule on the real clock, as in its getSession.
 */
async function lookupSession(c: Context<AppBindings>, cookie: string): Promise<LoadedSession | null> {
  const { auth, env } = c.get('deps');
  const token = verifiedCookieValue(cookie, env.authSecret);
  if (!token) return null;
  const found = await findSessionByToken(c.get('services'), token);
  if (!found) return null;
  const now = Date.now();
  const expires = found.session.expiresAt.getTime();
  const dueForRefresh = expires - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
  if (expires > now && !dueForRefresh && !getCookie(c, ownCookieName(env, 'dont_remember'))) return found;
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) return null;
  return {
    session: {
      id: result.session.id,
      createdAt: asDate(result.session.createdAt) ?? new Date(0),
      lastActiveAt: asDate((result.session as { lastActiveAt?: unknown }).lastActiveAt),
      secondFactorAt: asDate((result.session as { secondFactorAt?: unknown }).secondFactorAt),
    },
    user: {
      id: result.user.id,
      name: result.user.name,
      email: result.user.email,
      image: result.user.image ?? null,
      role: (result.user as { role?: unknown }).role,
      adminRole: (result.user as { adminRole?: unknown }).adminRole,
      twoFactorEnabled: (result.user as { twoFactorEnabled?: unknown }).twoFactorEnabled,
    },
  };
}

/**
 * Reads the session cookie (if any) once per request and sets `user`. An admin session past its limits (12 hours
 * from the sign-in, 30 minutes idle: services/session-limits) is deleted on the server and its cookie cleared, so
 * the request goes on signed out (admin routes answer 401); a live one notes the request, at most once a minute.
 */
export const loadSession: MiddlewareHandler<AppBindings> = async (c, next) => {
  // No session cookie, no session: skip the lookup (most public traffic).
  const { env } = c.get('deps');
  const cookieName = sessionCookieName(env);
  const cookie = getCookie(c, cookieName);
  const result = cookie ? await lookupSession(c, cookie) : null;
  if (!result) {
    c.set('user', null);
    return next();
  }
  const role: UserRole = result.user.role === 'admin' ? 'admin' : 'influencer';
  const session = result.session;
  if (role === 'admin') {
    // A member removed from the team (issue 39: no role left) has no session either, however it was started.
    const removed = adminRoleOf((result.user as { adminRole?: unknown }).adminRole) === null;
    if (!(await keepAdminSession(c.get('services'), session, removed))) {
      deleteCookie(c, cookieName, { path: '/', secure: cookieName.startsWith('__Host-') });
      c.set('user', null);
      return next();
    }
  }
  const user: CurrentUser = {
    id: result.user.id,
    name: result.user.name,
    email: result.user.email,
    image: result.user.image ?? null,
    role,
    adminRole: role === 'admin' ? adminRoleOf(result.user.adminRole) : null,
    sessionId: session.id,
    sessionStartedAt: session.createdAt,
    twoFactorEnabled: result.user.twoFactorEnabled === true,
    secondFactorAt: session.secondFactorAt,
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
