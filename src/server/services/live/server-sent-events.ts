import type { Context } from 'hono';
import { type SSEMessage, streamSSE } from 'hono/streaming';
import type { ServerLifecycle } from '../../http/context';
import type { StreamLease } from './open-streams';

/** A comment line this often keeps proxies from closing a quiet stream (most close after 60 s idle). */
export const SSE_HEARTBEAT_MS = 20_000;
/** How often a stream looks whether the server is shutting down (then it ends, and the browser reconnects elsewhere). */
const TICK_MS = 1000;
/** The browser waits this long before reconnecting a dropped stream. */
const RETRY_MS = 3000;

/** What one stream tells: its first event, and the events waiting since (each taken once, in order). */
export interface EventFeed {
  /** Starts listening; `arrived` is called on every change. Answers the function that stops listening. */
  listen(arrived: () => void): () => void;
  /** Whether an event waits. */
  waiting(): boolean;
  /** Takes the next waiting event off the feed; null when this one is not for this stream (nothing is written). */
  take(): Promise<SSEMessage | null>;
}

export interface EventStreamOptions {
  /** The stream's hold on its session (issue 42): it finishes when the session ends. */
  lease: StreamLease;
  lifecycle?: ServerLifecycle | undefined;
  heartbeatMs?: number;
  /** The data of the `ready` event written first. */
  ready: unknown;
}

/**
 * The one loop of every Server-Sent Events stream (the live topics, issue 40; the conversations, issue 26): `ready`
 * once, then the feed's events as they come, a comment as heartbeat when quiet. Ends when the browser goes, the
 * session ends (`lease`) or the server stops. The caller checked the session and the access before (a refused open
 * answers JSON, not a stream).
 */
export function serveEventStream(c: Context, feed: EventFeed, options: EventStreamOptions) {
  const { lease, lifecycle, heartbeatMs = SSE_HEARTBEAT_MS } = options;
  c.header('Cache-Control', 'no-store, no-transform');
  // Proxies such as nginx buffer answers unless told not to.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let wake: (() => void) | null = null;
    const stopListening = feed.listen(() => wake?.());
    stream.onAbort(() => wake?.());
    lease.onEnd(() => wake?.());
    try {
      await stream.writeSSE({ event: 'ready', data: JSON.stringify(options.ready), retry: RETRY_MS });
      // The heartbeat measures time gone by (a monotonic clock), not the time of day a service reads from its context.
      let lastWrite = performance.now();
      while (!stream.aborted && !stream.closed && !lease.ended) {
        if (!feed.waiting()) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, TICK_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        while (feed.waiting() && !stream.aborted && !lease.ended) {
          const event = await feed.take();
          if (!event) continue;
          await stream.writeSSE(event);
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
      stopListening();
      lease.release();
    }
  });
}
