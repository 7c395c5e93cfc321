import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { sessions } from '../../db/schema/auth';
import { atInstant, type ServiceContext } from './service-context';

/**
 * How long an admin session lives (issue 22): at most 12 hours from its sign-in, and it ends after 30 minutes
 * without a request. Creators keep Better Auth's 30-day sessions. The last request is written at most once a
 * minute per session, so the idle limit is exact to within a minute.
 */
export const ADMIN_SESSION_MAX_MS = 12 * 3_600_000;
export const ADMIN_SESSION_IDLE_MS = 30 * 60_000;
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export type SessionEnd = 'max-age' | 'idle';

/** Why an admin session is over at `now`, or null while it lives. */
export function adminSessionEnd(
  session: { createdAt: Date; lastActiveAt?: Date | null | undefined },
  now: Date,
): SessionEnd | null {
  if (now.getTime() - session.createdAt.getTime() > ADMIN_SESSION_MAX_MS) return 'max-age';
  const lastActive = session.lastActiveAt ?? session.createdAt;
  if (now.getTime() - lastActive.getTime() > ADMIN_SESSION_IDLE_MS) return 'idle';
  return null;
}

/**
 * Notes a request on the session, unless one was noted less than a minute ago: one conditional update, so
 * simultaneous requests write at most once.
 */
export async function touchSession(
  db: DatabaseOrTransaction,
  session: { id: string; lastActiveAt?: Date | null | undefined },
  now: Date,
): Promise<void> {
  if (session.lastActiveAt && now.getTime() - session.lastActiveAt.getTime() < ACTIVITY_WRITE_INTERVAL_MS)
    return;
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(
      and(
        eq(sessions.id, session.id),
        or(
          isNull(sessions.lastActiveAt),
          lte(sessions.lastActiveAt, new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS)),
        ),
      ),
    );
}

/** Ends a session on the server (its cookie stops working at once). */
export async function endSession(db: DatabaseOrTransaction, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * An admin's session at a request: ended when it is past its age or idle limit, or when the member has no role left
 * (`removed`; the request goes on signed out: false), else its activity noted (true).
 */
export async function keepAdminSession(
  services: ServiceContext,
  session: { id: string; createdAt: Date; lastActiveAt?: Date | null | undefined },
  removed: boolean,
): Promise<boolean> {
  const { db, now } = atInstant(services);
  if (removed || adminSessionEnd(session, now)) {
    await endSession(db, session.id);
    return false;
  }
  await touchSession(db, session, now);
  return true;
}
