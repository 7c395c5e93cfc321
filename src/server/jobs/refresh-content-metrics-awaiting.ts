import type { Database } from '../../db/client';
import { postsAwaitingPreview, savePostPreview, submissionOwnerUsers } from '../../db/queries/post-previews';
import { type MetricsSource, MetricsSourceError } from '../integrations/metrics-source';
import type { Logger } from '../process/logger';
import { type PreviewStorage, storeCountedPreview } from './refresh-content-metrics-preview';

const HOUR_MS = 3_600_000;
/** Posts awaiting review described per run; how long one is looked for, and how often it is asked again. */
const AWAITING_LIMIT = 100;
const AWAITING_FOR_MS = 14 * 24 * HOUR_MS;
const AWAITING_ASK_AGAIN_MS = HOUR_MS;

/**
 * Issue 24: the admin sees the content before deciding. Posts of submissions waiting for review are read once for
 * what they look like (caption, thumbnail), not for figures (those count from approval): a post the platform cannot
 * describe yet (no connected account, a failure) is noted and asked again an hour later, for two weeks at most.
 */
export async function describeAwaitingPosts({
  db,
  sources,
  now,
  logger,
  storage,
}: {
  db: Database;
  sources: readonly MetricsSource[];
  now: Date;
  logger: Logger;
  storage: PreviewStorage;
}): Promise<{ previews: number; thumbnailsRefused: number }> {
  const result = { previews: 0, thumbnailsRefused: 0 };
  for (const source of sources) {
    const posts = await postsAwaitingPreview(
      db,
      [source.platform],
      new Date(now.getTime() - AWAITING_FOR_MS),
      new Date(now.getTime() - AWAITING_ASK_AGAIN_MS),
      AWAITING_LIMIT,
    );
    if (posts.length === 0) continue;
    const owners = await submissionOwnerUsers(
      db,
      posts.map((p) => p.submissionId),
    );
    for (let i = 0; i < posts.length; i += source.batchSize) {
      const batch = posts.slice(i, i + source.batchSize);
      let readings: Awaited<ReturnType<MetricsSource['read']>>;
      try {
        readings = await source.read(batch);
      } catch (error) {
        if (!(error instanceof MetricsSourceError)) throw error;
        logger.warn({ platform: source.platform, err: error.message }, 'awaiting posts not described');
        break;
      }
      for (const [index, post] of batch.entries()) {
        const reading = readings[index];
        try {
          if (reading?.ok && reading.look) {
            await storeCountedPreview(result, {
              db,
              storage,
              platform: source.platform,
              post,
              look: reading.look,
              ownerUserId: owners.get(post.submissionId) ?? null,
              now,
              logger,
            });
          } else {
            // Nothing to show yet: noted, so the post is asked again only after AWAITING_ASK_AGAIN_MS.
            await savePostPreview(db, {
              ...post,
              platform: source.platform,
              caption: null,
              thumbnailUpload: null,
              readAt: now,
            });
          }
        } catch (error) {
          logger.warn(
            { platform: source.platform, submissionId: post.submissionId, err: (error as Error).message },
            'post preview not stored',
          );
        }
      }
    }
  }
  return result;
}
