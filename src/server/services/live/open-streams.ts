import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sessions, users } from '../../../db/schema/auth';
import { creators } from '../../../db/schema/creators';
import { AppError } from '../../http/errors';
import type { Logger } from '../../process/logger';
import { adminSessionEnd } from '../session-limits';

/*
 * Issue 42, items 1 and 2: every open event stream (the live channel, the conversations') belongs to the session
 * that opened it. A stream ends within 2 s of its session ending, whatever ended it (sign-out, expiry, an ended
 * session, closure, ban, an admin session's 12-hour or 30-minute limit) or of a change of the account's standing
 * (a suspension or its lifting: the page reconnects and reads again), and a session or an account
 * past its cap of streams is refused with 429. Kept apart from the request's session read (middleware/session.ts):
 * this only asks, once a second while streams are open, which of their sessions still live.
 */

/** Streams one session may hold open: a few tabs of a page each with the live channel and a conversation. */
export const STREAMS_PER_SESSION = 8;
/** Streams one account may hold open across all its sessions (devices). */
export const STREAMS_PER_ACCOUNT = 20;
/** How often the sessions of the open streams are read again (a stream ends within this plus a read). */
export const STREAM_SESSION_CHECK_MS = 1000;
/** What a refused open tells the browser to wait (seconds); an EventSource retries on its own after that. */
export const STREAM_CAP_RETRY_AFTER_S = 30;

export const STREAM_CAP_MESSAGES = {
  session:
    'Too many live connections are open for this sign-in. Close some tabs of Mintbox, then try again in 30 seconds.',
  account:
    'Too many live connections are open for this account on all your devices. Close some, then try again in 30 seconds.',
} as const;

/** One open stream's hold on its session: `ended` once the session is over (the stream then finishes). */
export interface StreamLease {
  readonly ended: boolean;
  /** Called once when the session ends (the stream wakes up and finishes). */
  onEnd(listener: () => void): void;
  /** The stream finished: forget it. */
  release(): void;
}

interface Held {
  sessionId: string;
  userId: string;
  ended: boolean;
  listeners: Array<() => void>;
  /**
   * The account's standing when the stream opened (read as it opens): a suspension (or its lifting) ends the stream
   * once, so the page reads everything again; a suspended creator's new stream then lives on.
   */
  standing: Promise<Standing>;
}

export interface OpenStreams {
  /** Streams open now (the metric mintbox_open_streams). */
  readonly size: number;
  /** A lease for a new stream of this session, or 429 TOO_MANY_REQUESTS with Retry-After past a cap. */
  open(owner: { sessionId: string; userId: string }): StreamLease;
  /** Reads the sessions of the open streams once and ends the streams of those that are over. */
  check(): Promise<void>;
}

/** A live session's account standing (null: not a creator). */
type Standing = string | null;

/** The sessions among `sessionIds` that still live at `now`, not banned, with their account's standing. */
async function liveSessions(db: Database, sessionIds: string[], now: Date): Promise<Map<string, Standing>> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      role: users.role,
      banned: users.banned,
      standing: creators.standing,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(creators, eq(creators.authUserId, users.id))
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now)));
  const live = new Map<string, Standing>();
  for (const row of rows) {
    if (row.banned || row.standing === 'banned') continue;
    if (row.role === 'admin' && adminSessionEnd(row, now)) continue;
    live.set(row.id, row.standing);
  }
  return live;
}

/** The standing of a user's creator account now (null: not a creator, or unreadable). */
async function standingOf(db: Database, userId: string): Promise<Standing> {
  const [row] = await db
    .select({ standing: creators.standing })
    .from(creators)
    .where(eq(creators.authUserId, userId));
  return row?.standing ?? null;
}

/** 429 with Retry-After when the owner's session or account already holds its cap of open streams. */
function refuseOverCap(held: Set<Held>, owner: { sessionId: string; userId: string }) {
  let ofSession = 0;
  let ofAccount = 0;
  for (const stream of held) {
    if (stream.ended) continue;
    if (stream.sessionId === owner.sessionId) ofSession += 1;
    if (stream.userId === owner.userId) ofAccount += 1;
  }
  const refuse = (message: string) =>
    new AppError('TOO_MANY_REQUESTS', message, { 'Retry-After': String(STREAM_CAP_RETRY_AFTER_S) });
  if (ofSession >= STREAMS_PER_SESSION) throw refuse(STREAM_CAP_MESSAGES.session);
  if (ofAccount >= STREAMS_PER_ACCOUNT) throw refuse(STREAM_CAP_MESSAGES.account);
}

/** The stream's lease: `forget` runs once it is released (the stream finished). */
function leaseOf(stream: Held, forget: () => void): StreamLease {
  return {
    get ended() {
      return stream.ended;
    },
    onEnd(listener) {
      if (stream.ended) listener();
      else stream.listeners.push(listener);
    },
    release() {
      stream.ended = true;
      stream.listeners.length = 0;
      forget();
    },
  };
}

/** The open streams of one server process, with the once-a-second check that runs while any is open. */
export function createOpenStreams(deps: { db: Database; now: () => Date; logger: Logger }): OpenStreams {
  const held = new Set<Held>();
  let timer: NodeJS.Timeout | null = null;
  let checking = false;

  const end = (stream: Held) => {
    if (stream.ended) return;
    stream.ended = true;
    for (const listener of stream.listeners.splice(0)) listener();
  };
  const check = async () => {
    const open = [...held].filter((stream) => !stream.ended);
    if (open.length === 0) return;
    let live: Map<string, Standing>;
    try {
      live = await liveSessions(deps.db, [...new Set(open.map((s) => s.sessionId))], deps.now());
    } catch (error) {
      deps.logger.warn({ err: error }, 'the sessions of the open streams could not be read');
      return;
    }
    for (const stream of open) {
      if (!live.has(stream.sessionId)) end(stream);
      else if ((await stream.standing) !== live.get(stream.sessionId)) end(stream);
    }
  };
  const tick = () => {
    // One read at a time: a slow database never piles reads up.
    if (checking) return;
    checking = true;
    void check().finally(() => {
      checking = false;
    });
  };
  const startTimer = () => {
    if (timer) return;
    timer = setInterval(tick, STREAM_SESSION_CHECK_MS);
    timer.unref();
  };
  const stopTimerWhenIdle = () => {
    if (held.size > 0 || !timer) return;
    clearInterval(timer);
    timer = null;
  };

  return {
    get size() {
      return held.size;
    },
    open(owner) {
      refuseOverCap(held, owner);
      const stream: Held = {
        ...owner,
        ended: false,
        listeners: [],
        standing: standingOf(deps.db, owner.userId).catch(() => null),
      };
      held.add(stream);
      startTimer();
      return leaseOf(stream, () => {
        held.delete(stream);
        stopTimerWhenIdle();
      });
    },
    check,
  };
}
