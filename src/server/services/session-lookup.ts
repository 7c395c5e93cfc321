import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/auth';
import type { ServiceContext } from './service-context';

/*
 * The session read of every signed-in request, without going through Better Auth's endpoint machinery (issue 28:
 * its `getSession` cost ~1.5 ms of CPU per request: a WebCrypto key import and an async HMAC per cookie, the
 * endpoint context, hooks and tracing, the adapter's generic query). The same checks, in the same order: the
 * cookie's signature (HMAC-SHA256 with AUTH_SECRET, as Better Auth signs it), then the session row and its user by
 * token, read from the database on every request (no cache: a session ended on the server stops working at once).
 */

/** The value of a cookie Better Auth signed (`value.base64(HMAC-SHA256)`), or null unless the signature is right. */
export function verifiedCookieValue(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

export interface SessionWithUser {
  session: {
    id: string;
    createdAt: Date;
    expiresAt: Date;
    lastActiveAt: Date | null;
    secondFactorAt: Date | null;
  };
  user: {
    id: string;
    name: string;
    email: string;
    image: string | null;
    role: string;
    /** The admin's role in the team (issue 39); null for creators. */
    adminRole: string | null;
    twoFactorEnabled: boolean | null;
  };
}

function sessionByTokenQuery(db: Database) {
  return db
    .select({
      session: {
        id: sessions.id,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        lastActiveAt: sessions.lastActiveAt,
        secondFactorAt: sessions.secondFactorAt,
      },
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        image: users.image,
        role: users.role,
        adminRole: users.adminRole,
        twoFactorEnabled: users.twoFactorEnabled,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token');
}

/** Drizzle renders the statement once per database handle; PostgreSQL parses it once per connection. */
const prepared = new WeakMap<Database, ReturnType<typeof sessionByTokenQuery>>();

/** The session with this token and its user, in one statement (Better Auth's findSession, without its adapter). */
export async function findSessionByToken(
  { db }: ServiceContext,
  token: string,
): Promise<SessionWithUser | null> {
  let query = prepared.get(db);
  if (!query) {
    query = sessionByTokenQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token });
  return row ?? null;
}
