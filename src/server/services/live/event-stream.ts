import type { Context } from 'hono';
import type { ServerLifecycle } from '../../http/context';
import type { ServiceContext } from '../service-context';
import type { StreamLease } from './open-streams';
import { type EventFeed, serveEventStream } from './server-sent-events';
import { type LiveAudience, type LiveTopic, subscribeLive } from './topics';

/**
 * One Server-Sent Events stream per signed-in page (issue 40): every topic its audience may hear (topics.ts), so a
 * screen reads again what changed within a second or two, whoever changed it. The caller checked the session and
 * the role (a refused open answers JSON 401/403, not a stream). Events: `ready` once, `change` with `{ topic }`
 * (a burst of the same topic is told once), `resync` when changes may have been missed, and a comment as
 * heartbeat; the loop is `serveEventStream` (server-sent-events.ts), which the conversations' streams share.
 */
export function liveStream(
  c: Context,
  { db }: ServiceContext,
  {
    audience,
    ...options
  }: {
    audience: LiveAudience;
    lifecycle?: ServerLifecycle | undefined;
    heartbeatMs?: number;
    /** The stream's hold on its session (issue 42): it finishes when the session ends. */
    lease: StreamLease;
  },
) {
  // Pending topics in arrival order, each once; null: read everything again.
  const pending = new Set<LiveTopic | null>();
  const feed: EventFeed = {
    listen: (arrived) =>
      subscribeLive(db, audience, (topic) => {
        pending.add(topic);
        arrived();
      }),
    waiting: () => pending.size > 0,
    take: async () => {
      const [topic] = pending;
      pending.delete(topic as LiveTopic | null);
      return topic === null
        ? { event: 'resync', data: '{}' }
        : { event: 'change', data: JSON.stringify({ topic }) };
    },
  };
  return serveEventStream(c, feed, { ...options, ready: { role: audience.role } });
}
