import { and, desc, eq, gt } from 'drizzle-orm';
import { sessions } from '../../db/schema/auth';
import { ACCOUNT_SESSION_MESSAGES, type AccountSession } from '../../shared/schemas/account-sessions';
import { AppError } from '../http/errors';
import { atInstant, type ServiceContext } from './service-context';

/*
 * Issue 42, item 8: the account's sessions without their tokens (Better Auth's /list-sessions, which answers every
 * token to page scripts, and its end-by-token /revoke-session are switched off in auth.ts). Kept apart from the
 * request's session read (middleware/session.ts) on purpose: these functions only read and end rows by id.
 */

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Windows" from a User-Agent; what is not recognised is left out. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** The account's live sessions, the most recently active first. */
export async function listAccountSessions(
  services: ServiceContext,
  user: { id: string; sessionId: string },
): Promise<AccountSession[]> {
  const { db, now } = atInstant(services);
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      lastActiveAt: sessions.lastActiveAt,
      updatedAt: sessions.updatedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((row) => {
      const lastActive = new Date(
        Math.max(...[row.lastActiveAt, row.updatedAt, row.createdAt].map((d) => d?.getTime() ?? 0)),
      );
      return {
        id: row.id,
        device: describeDevice(row.userAgent),
        place: row.ipAddress || null,
        lastActiveAt: lastActive.toISOString(),
        startedAt: row.createdAt.toISOString(),
        current: row.id === user.sessionId,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** Ends another session of the account by its id (400 for this one: that is sign-out; 404 for any other id). */
export async function endOtherSession(
  { db }: ServiceContext,
  user: { id: string; sessionId: string },
  sessionId: string,
): Promise<void> {
  if (sessionId === user.sessionId) throw new AppError('BAD_REQUEST', ACCOUNT_SESSION_MESSAGES.current);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', ACCOUNT_SESSION_MESSAGES.notFound);
}
