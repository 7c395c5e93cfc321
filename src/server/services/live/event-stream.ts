import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ServerLifecycle } from '../../http/context';
import type { ServiceContext } from '../service-context';
import type { StreamLease } from './open-streams';
import { type LiveAudience, type LiveTopic, subscribeLive } from './topics';

/** A comment line this often keeps proxies from closing a quiet stream (most close after 60 s idle). */
export const LIVE_HEARTBEAT_MS = 20_000;
/** How often a stream looks whether the server is shutting down (then it ends, and the browser reconnects elsewhere). */
const TICK_MS = 1000;
/** The browser waits this long before reconnecting a dropped stream. */
const RETRY_MS = 3000;

/**
 * One Server-Sent Events stream per signed-in page (issue 40): every topic its audience may hear (topics.ts), so a
 * screen reads again what changed within a second or two, whoever changed it. The caller checked the session and
 * the role (a refused open answers JSON 401/403, not a stream). Events: `ready` once, `change` with `{ topic }`
 * (a burst of the same topic is told once), `resync` when changes may have been missed, and a comment as
 * heartbeat. Ends when the browser goes, the session ends (`lease`, issue 42) or the server stops. (The conversations' streams, issue 26, work the same
 * way: services/conversations/stream.ts.)
 */
export function liveStream(
  c: Context,
  { db }: ServiceContext,
  {
    audience,
    lifecycle,
    heartbeatMs = LIVE_HEARTBEAT_MS,
    lease,
  }: {
    audience: LiveAudience;
    lifecycle?: ServerLifecycle | undefined;
    heartbeatMs?: number;
    /** The stream's hold on its session (issue 42): it finishes when the session ends. */
    lease: StreamLease;
  },
) {
  c.header('Cache-Control', 'no-store, no-transform');
  // Proxies such as nginx buffer answers unless told not to.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    // Pending topics in arrival order, each once; null: read everything again.
    const pending = new Set<LiveTopic | null>();
    let wake: (() => void) | null = null;
    const unsubscribe = subscribeLive(db, audience, (topic) => {
      pending.add(topic);
      wake?.();
    });
    stream.onAbort(() => wake?.());
    lease.onEnd(() => wake?.());
    try {
      await stream.writeSSE({
        event: 'ready',
        data: JSON.stringify({ role: audience.role }),
        retry: RETRY_MS,
      });
      // The heartbeat measures time gone by (a monotonic clock), not the time of day a service reads from its context.
      let lastWrite = performance.now();
      while (!stream.aborted && !stream.closed && !lease.ended) {
        if (pending.size === 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, TICK_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        const batch = [...pending];
        pending.clear();
        for (const topic of batch) {
          if (stream.aborted || lease.ended) break;
          await stream.writeSSE(
            topic === null
              ? { event: 'resync', data: '{}' }
              : { event: 'change', data: JSON.stringify({ topic }) },
          );
          lastWrite = performance.now();
        }
        if (lifecycle?.stopping || lifecycle?.draining) break;
        if (performance.now() - lastWrite >= heartbeatMs) {
          await stream.write(': heartbeat\n\n');
          lastWrite = performance.now();
        }
      }
    } catch (error) {
      // Writing to a stream the browser just closed fails; anything else is a fault.
      if (!stream.aborted && !stream.closed) throw error;
    } finally {
      unsubscribe();
      lease.release();
    }
  });
}
