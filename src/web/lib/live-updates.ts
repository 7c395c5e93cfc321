import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { privateKeys } from './query-keys';

/** While the live stream is down, the screens it keeps fresh are read again this often (as conversations do). */
export const LIVE_POLL_MS = 10_000;

export type LiveSide = 'admin' | 'creator';

/**
 * What each topic of the live channel (src/server/services/live/topics.ts) makes a screen read again. Only the
 * queries a mounted screen uses are fetched; the others are marked stale for their next visit.
 */
export function keysForTopic(side: LiveSide, topic: string): QueryKey[] {
  if (side === 'creator') {
    // The wallet (balance, history, redemptions), the dashboard (applications, activity, problems) and the bell.
    return topic.startsWith('creator:') ? [privateKeys.me, privateKeys.notifications] : [];
  }
  if (topic === 'payments') return [privateKeys.admin.payments.all];
  if (topic === 'problems') return [privateKeys.admin.problemsAll];
  const campaign = /^campaign:(\d+)$/.exec(topic);
  if (campaign) {
    // The campaign's applicants and shipping list, its counts on the campaigns list, and its problems.
    return [privateKeys.admin.campaigns.all, privateKeys.admin.problemsAll];
  }
  return [];
}

/** Everything a side's live screens show: read again after a resync, and while polling. */
function allKeys(side: LiveSide): QueryKey[] {
  return side === 'creator'
    ? [privateKeys.me, privateKeys.notifications]
    : [privateKeys.admin.payments.all, privateKeys.admin.problemsAll, privateKeys.admin.campaigns.all];
}

function refresh(queryClient: QueryClient, keys: QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Keeps the signed-in screens of a side fresh (issue 40): one Server-Sent Events stream for the whole frame
 * (/api/admin/live or /api/me/live) tells which topic changed, and the screens showing it read it again at once,
 * whoever made the change (another admin, a PayPal webhook, a job, another instance). While the stream is down
 * (before it opens, after an error, until the browser's own reconnect succeeds) they are read every 10 s instead.
 */
export function useLiveUpdates(side: LiveSide) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let live = false;
    const poll = window.setInterval(() => {
      if (!live) refresh(queryClient, allKeys(side));
    }, LIVE_POLL_MS);
    if (typeof EventSource === 'undefined') return () => window.clearInterval(poll);
    const source = new EventSource(side === 'admin' ? '/api/admin/live' : '/api/me/live');
    source.addEventListener('ready', () => {
      // Anything that changed while the stream was down is read again once.
      if (!live) refresh(queryClient, allKeys(side));
      live = true;
    });
    source.addEventListener('change', (event) => {
      const topic = (JSON.parse((event as MessageEvent<string>).data) as { topic?: unknown }).topic;
      if (typeof topic === 'string') refresh(queryClient, keysForTopic(side, topic));
    });
    source.addEventListener('resync', () => refresh(queryClient, allKeys(side)));
    source.onerror = () => {
      live = false;
    };
    return () => {
      window.clearInterval(poll);
      source.close();
    };
  }, [queryClient, side]);
}
