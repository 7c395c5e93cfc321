import type { Database } from '../../db/client';
import {
  addMissingFetches,
  dueFetches,
  postponePlatform,
  updateFetch,
} from '../../db/queries/content-metrics-fetches';
import { insertSnapshot, updateEngagementRates } from '../../db/queries/content-metrics-writes';
import { submissionOwnerUsers } from '../../db/queries/post-previews';
import type { ContentMetricFetchRow } from '../../db/schema/content-metrics';
import { type MetricsSource, MetricsSourceError } from '../integrations/metrics-source';
import type { Logger } from '../process/logger';
import { describeAwaitingPosts } from './refresh-content-metrics-awaiting';
import { type PreviewStorage, storeCountedPreview } from './refresh-content-metrics-preview';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Hourly for the first two days after approval, then daily for 30 more days. */
export const HOURLY_FOR_MS = 2 * DAY_MS;
export const READ_FOR_MS = HOURLY_FOR_MS + 30 * DAY_MS;
/** Back-off after failures: 1, 2, 4 … hours, at most a day. */
const MAX_BACKOFF_MS = DAY_MS;
/** Posts read per run (the rest wait for the next run, 10 minutes later). */
const RUN_LIMIT = 500;

export function backoffMs(failures: number): number {
  return Math.min(HOUR_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

/** When a post read successfully at `now` is read next, or null when its schedule is over. */
export function nextReadAt(approvedAt: Date, now: Date): Date | null {
  const age = now.getTime() - approvedAt.getTime();
  const next = new Date(now.getTime() + (age < HOURLY_FOR_MS ? HOUR_MS : DAY_MS));
  return next.getTime() - approvedAt.getTime() > READ_FOR_MS ? null : next;
}

export interface RefreshResult {
  read: number;
  gone: number;
  failed: number;
  /** Platforms that hit their quota this run (read again after the back-off). */
  quota: string[];
  /**
   * Post previews written (caption, and the thumbnail copy when due; posts awaiting review included) and thumbnails
   * that could not be copied.
   */
  previews: number;
  thumbnailsRefused: number;
}

/**
 * Reads the due approved posts from their platforms' APIs and adds an `api` snapshot for each. Snapshots are only
 * added, so a failure never loses the last good one: a failed read is retried after a back-off, a used-up quota
 * postpones every post of that platform, and a gone post (deleted, private) is no longer read. With `previews`, what
 * the platform says the post looks like (caption, thumbnail) is stored too; failing that never fails the reading.
 */
export async function refreshContentMetrics(params: {
  db: Database;
  sources: readonly MetricsSource[];
  now: Date;
  logger: Logger;
  previews?: PreviewStorage;
}): Promise<RefreshResult> {
  const { db, sources, now, logger } = params;
  const result: RefreshResult = { read: 0, gone: 0, failed: 0, quota: [], previews: 0, thumbnailsRefused: 0 };
  if (sources.length === 0) return result;
  for (const source of sources) {
    try {
      await source.maintain?.(now);
    } catch (error) {
      logger.warn({ platform: source.platform, err: (error as Error).message }, 'metrics upkeep failed');
    }
  }
  await addMissingFetches(
    db,
    sources.map((s) => s.platform),
    new Date(now.getTime() - READ_FOR_MS),
    now,
  );
  const due = await dueFetches(db, now, RUN_LIMIT);
  for (const source of sources) {
    const mine = due.filter((f) => f.platform === source.platform);
    for (let i = 0; i < mine.length; i += source.batchSize) {
      const batch = mine.slice(i, i + source.batchSize);
      try {
        await readBatch({ db, source, batch, now, result, logger, previews: params.previews });
      } catch (error) {
        if (!(error instanceof MetricsSourceError)) throw error;
        const failures = Math.max(...batch.map((f) => f.failures)) + 1;
        const retryAt = new Date(now.getTime() + backoffMs(failures));
        for (const fetch of batch) {
          await updateFetch(db, fetch, {
            failures: fetch.failures + 1,
            lastError: error.message,
            nextFetchAt: retryAt,
          });
        }
        result.failed += batch.length;
        logger.warn(
          { platform: source.platform, kind: error.kind, err: error.message },
          'metrics read failed',
        );
        if (error.kind === 'quota') {
          // The quota is the key's, not the post's: nothing of this platform is read until the back-off ends.
          await postponePlatform(db, source.platform, retryAt);
          result.quota.push(source.platform);
          break;
        }
      }
    }
  }
  if (params.previews) {
    const described = await describeAwaitingPosts({ db, sources, now, logger, storage: params.previews });
    result.previews += described.previews;
    result.thumbnailsRefused += described.thumbnailsRefused;
  }
  return result;
}

type Reading = Awaited<ReturnType<MetricsSource['read']>>[number];

async function readBatch({
  db,
  source,
  batch,
  now,
  result,
  logger,
  previews,
}: {
  db: Database;
  source: MetricsSource;
  batch: ContentMetricFetchRow[];
  now: Date;
  result: RefreshResult;
  logger: Logger;
  previews: PreviewStorage | undefined;
}) {
  let owners: Map<number, string | null> | null = null;
  const readings = await source.read(
    batch.map((f) => ({ postUrl: f.postUrl, submissionId: f.submissionId })),
  );
  for (const [index, fetch] of batch.entries()) {
    const reading = readings[index];
    if (!reading) continue;
    const outcome = await applyReading(db, fetch, reading, now);
    result[outcome] += 1;
    if (outcome !== 'read' || !reading.ok || !previews || !reading.look) continue;
    // After the figures are safe: a preview that cannot be stored leaves the reading as it is.
    try {
      owners ??= await submissionOwnerUsers(
        db,
        batch.map((f) => f.submissionId),
      );
      await storeCountedPreview(result, {
        db,
        storage: previews,
        platform: source.platform,
        post: { submissionId: fetch.submissionId, postUrl: fetch.postUrl },
        look: reading.look,
        ownerUserId: owners.get(fetch.submissionId) ?? null,
        now,
        logger,
      });
    } catch (error) {
      logger.warn(
        { platform: source.platform, submissionId: fetch.submissionId, err: (error as Error).message },
        'post preview not stored',
      );
    }
  }
  await updateEngagementRates(
    db,
    batch.map((f) => f.submissionId),
    now,
  );
}

/** One post's reading written down: a snapshot and its next read, or why not and when to try again. */
async function applyReading(
  db: Database,
  fetch: ContentMetricFetchRow,
  reading: Reading,
  now: Date,
): Promise<'read' | 'gone' | 'failed'> {
  const next = nextReadAt(fetch.approvedAt, now);
  if (!reading.ok && reading.gone) {
    await updateFetch(db, fetch, { doneAt: now, lastError: reading.reason, lastFetchedAt: now });
    return 'gone';
  }
  if (!reading.ok && reading.failed) {
    // This post alone failed (an unexpected answer about it): it backs off, the batch's other posts do not.
    await updateFetch(db, fetch, {
      failures: fetch.failures + 1,
      lastError: reading.reason,
      lastFetchedAt: now,
      nextFetchAt: new Date(now.getTime() + backoffMs(fetch.failures + 1)),
    });
    return 'failed';
  }
  if (!reading.ok) {
    // Not readable for now (no connected account): tried again at the next scheduled read.
    await updateFetch(db, fetch, {
      lastError: reading.reason,
      lastFetchedAt: now,
      nextFetchAt: next ?? now,
      doneAt: next ? null : now,
    });
    return 'failed';
  }
  await db.transaction(async (tx) => {
    await insertSnapshot(tx, {
      submissionId: fetch.submissionId,
      postUrl: fetch.postUrl,
      source: 'api',
      ...reading.figures,
      measuredAt: now,
    });
    await updateFetch(tx, fetch, {
      failures: 0,
      lastError: null,
      lastFetchedAt: now,
      nextFetchAt: next ?? now,
      doneAt: next ? null : now,
    });
  });
  return 'read';
}
