import type { Database } from '../../../db/client';
import { saveVerifiedFollowers } from '../../../db/queries/onboarding';
import {
  markTiktokFollowersAsked,
  tiktokFollowersDue,
  tiktokOwners,
} from '../../../db/queries/tiktok-metric-tokens';
import { tiktokVideoId } from '../../../shared/content-metrics';
import { normalizeHandle } from '../../../shared/social-links';
import { systemClock } from '../../process/clock';
import type { Logger } from '../../process/logger';
import { type MetricsSource, MetricsSourceError, type PostReading, type PostToRead } from '../metrics-source';
import {
  CreatorFailed,
  lookOf,
  type TiktokConfig,
  TiktokDisplayClient,
  type TiktokVideo,
  TokenRefused,
} from './display-client';

export type { TiktokConfig } from './display-client';

/** Follower counts asked for in one maintain run (TikTok's per-app limit is per minute; the rest wait 10 minutes). */
const FOLLOWER_READS_PER_RUN = 100;
const DAY_MS = 86_400_000;

type SourceDeps = { db: Database; now?: () => Date; fetch?: typeof fetch; logger?: Logger };

/**
 * TikTok figures of approved posts, read with each creator's own grant (the client in integrations/tiktok says what
 * TikTok answers and what fails where); `maintain` reads each signed-in creator's follower count once a day.
 */
export function createTiktokSource(
  config: TiktokConfig,
  deps: SourceDeps,
): MetricsSource & Required<Pick<MetricsSource, 'maintain'>> {
  const client = new TiktokDisplayClient(config, deps);
  const now = deps.now ?? systemClock;
  return {
    platform: 'tiktok',
    batchSize: 20,
    read: (posts) => readPosts(client, deps.db, posts, now()),
    maintain: (at) => readFollowerCounts(client, deps, at),
  };
}

/** One reading per post, in order: each creator's videos are asked in one call, with that creator's grant. */
async function readPosts(
  client: TiktokDisplayClient,
  db: Database,
  posts: PostToRead[],
  at: Date,
): Promise<PostReading[]> {
  const owners = new Map(
    (await tiktokOwners(db, [...new Set(posts.map((p) => p.submissionId))])).map((o) => [o.submissionId, o]),
  );
  const readings: PostReading[] = posts.map(() => ({
    ok: false,
    gone: true,
    reason: 'not a TikTok video link',
  }));
  const byCreator = new Map<number, number[]>();
  posts.forEach((post, index) => {
    const owner = owners.get(post.submissionId);
    if (!owner || !tiktokVideoId(post.postUrl)) return;
    byCreator.set(owner.creatorId, [...(byCreator.get(owner.creatorId) ?? []), index]);
  });
  for (const indexes of byCreator.values()) {
    const owner = owners.get(posts[indexes[0]!]!.submissionId)!;
    const ids = indexes.map((i) => tiktokVideoId(posts[i]!.postUrl)!);
    try {
      const videos = await client.withGrant(owner, at, (token) => client.queryVideos(token, ids));
      const found = new Map(videos.map((v) => [v.id, v]));
      for (const [k, i] of indexes.entries()) readings[i] = readingOf(found.get(ids[k]!));
    } catch (error) {
      if (error instanceof TokenRefused) {
        for (const i of indexes) readings[i] = { ok: false, gone: false, reason: error.message };
      } else if (error instanceof CreatorFailed) {
        for (const i of indexes)
          readings[i] = { ok: false, gone: false, failed: true, reason: error.message };
      } else {
        throw error;
      }
    }
  }
  return readings;
}

function readingOf(video: TiktokVideo | undefined): PostReading {
  if (!video) return { ok: false, gone: true, reason: 'the video is deleted, private or not the creator’s' };
  return {
    ok: true,
    look: lookOf(video),
    figures: {
      views: video.view_count ?? null,
      likes: video.like_count ?? null,
      comments: video.comment_count ?? null,
      shares: video.share_count ?? null,
      saves: null,
      reach: null,
    },
  };
}

/** The follower count of each signed-in creator that is due, stored as their verified TikTok followers. */
async function readFollowerCounts(client: TiktokDisplayClient, deps: SourceDeps, at: Date): Promise<void> {
  const due = await tiktokFollowersDue(deps.db, new Date(at.getTime() - DAY_MS), FOLLOWER_READS_PER_RUN);
  for (const creator of due) {
    await markTiktokFollowersAsked(deps.db, creator.creatorId, at);
    try {
      const user = await client.withGrant(creator, at, (token) => client.userInfo(token));
      // Only the account the creator signed in with counts (the answer names it).
      if (user.follower_count === undefined || user.open_id !== creator.openId) continue;
      await saveVerifiedFollowers(deps.db, {
        creatorId: creator.creatorId,
        platform: 'tiktok',
        followers: user.follower_count,
        handle: normalizeHandle('tiktok', user.username ?? null) ?? user.username ?? creator.openId,
        at,
      });
    } catch (error) {
      // A used-up quota ends the run (the rest are asked at the next one); a refused grant waits for a new
      // sign-in or tomorrow; anything else is logged and this creator alone is asked again tomorrow.
      if (error instanceof MetricsSourceError && error.kind === 'quota') return;
      if (error instanceof TokenRefused) continue;
      if (error instanceof CreatorFailed || error instanceof MetricsSourceError) {
        deps.logger?.warn(
          { creatorId: creator.creatorId, err: error.message },
          'tiktok follower count not read',
        );
        continue;
      }
      throw error;
    }
  }
}
