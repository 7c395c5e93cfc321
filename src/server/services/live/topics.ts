import { onInvalidate } from '../../../db/cache-invalidation';
import type { Database } from '../../../db/client';

/**
 * What the live screens follow (issue 40): the topics the database triggers of migration 0041 announce on the
 * instances' bus (src/db/cache-invalidation.ts, channel `live`) when a change commits, whoever made it (a route, a
 * job, a webhook, another instance). A topic says what to read again, never the data itself.
 *
 * - `payments`: payouts and money movements (the admins' Payments page, a payout's details);
 * - `problems`: delivery problems (the admins' problems list);
 * - `campaign:<id>`: that campaign's applications and their shipping (its applicants, its shipping list);
 * - `creator:<id>`: that creator's applications, payouts, money movements and balance (their wallet and dashboard).
 */
export const LIVE_CHANNEL = 'live';

export type LiveTopic = 'payments' | 'problems' | `campaign:${number}` | `creator:${number}`;

const TOPIC = /^(?:payments|problems|campaign:\d+|creator:\d+)$/;

/** Which topics a stream carries: the admins' (everything but creators' own), or one creator's. */
export type LiveAudience = { role: 'admin' } | { role: 'creator'; creatorId: number };

export function topicFor(audience: LiveAudience, topic: string): boolean {
  if (!TOPIC.test(topic)) return false;
  if (audience.role === 'admin') return !topic.startsWith('creator:');
  return topic === `creator:${audience.creatorId}`;
}

/**
 * Calls `listener` with every topic `audience` may hear, and with null when changes may have been missed (the
 * LISTEN connection came back after a drop: read everything again). Returns the unsubscribe function.
 */
export function subscribeLive(
  db: Database,
  audience: LiveAudience,
  listener: (topic: LiveTopic | null) => void,
): () => void {
  return onInvalidate(db, LIVE_CHANNEL, (key) => {
    if (key === null) return listener(null);
    if (topicFor(audience, key)) listener(key as LiveTopic);
  });
}
