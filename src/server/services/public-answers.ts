import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { onInvalidate } from '../../db/cache-invalidation';
import type { Database } from '../../db/client';
import { CAMPAIGN_COUNTS_CHANNEL } from '../../db/queries/campaign-count-cache';
import { keptAnswersPerDatabase } from './kept-answers';
import { LIVE_CHANNEL } from './live/topics';

const gzipAsync = promisify(gzip);

/**
 * Public answers kept as ready bytes (issue 44, item 3; decision 0039): `GET /api/campaigns/:id` and the first page
 * of each catalogue filter are serialised once, with a strong ETag, and sent as they are until something they show
 * changes. What invalidates them, on every instance (src/db/cache-invalidation.ts):
 * - channel `campaign-counts` (an admin created, edited or deleted a campaign; the deadline sweep ended some):
 *   everything;
 * - channel `live`, topic `campaign:<id>` (the database trigger on applications: applicationsCount and boxesLeft
 *   move): that campaign and every first page; a null key (the LISTEN connection came back): everything.
 * Kept only while the instance hears those notices (`hearsDatabaseChanges`), and never longer than MAX_AGE_MS (the
 * brand badges inside a campaign's answer are themselves reused for a minute). Only public answers are stored:
 * the loaders return null for a draft or an unknown id, and null is never kept.
 */
export interface ReadyAnswer {
  /** The JSON body, serialised. */
  body: string;
  /** Its length in bytes (UTF-8). */
  bytes: number;
  /** Strong validator: a hash of the body, quoted. */
  etag: string;
  /** The body gzipped, made once when a client first asks for gzip. */
  gzipped?: Promise<Uint8Array<ArrayBuffer>>;
}

const MAX_AGE_MS = 60_000;
/** Entries held per database at most; past it the cache starts over (first pages and campaigns read lately). */
const LIMIT = 2000;

const CAMPAIGN_TOPIC = /^campaign:(\d+)$/;

const publicAnswers = keptAnswersPerDatabase<ReadyAnswer>({
  limit: LIMIT,
  maxAgeMs: MAX_AGE_MS,
  listen: (db, store) => {
    onInvalidate(db, CAMPAIGN_COUNTS_CHANNEL, () => store.forget());
    onInvalidate(db, LIVE_CHANNEL, (key) => {
      if (key === null) return store.forget();
      const topic = CAMPAIGN_TOPIC.exec(key);
      if (!topic) return;
      const campaign = campaignKey(Number(topic[1]));
      store.forget((kept) => kept === campaign || kept.startsWith('page:'));
    });
  },
});

/** The bench's BENCH_ANSWER_CACHE=0: every public answer computed again, to show what the cache saves. */
export function setPublicAnswerCache(on: boolean): void {
  publicAnswers.setEnabled(on);
}

export function readyAnswer(value: unknown): ReadyAnswer {
  const body = JSON.stringify(value);
  return {
    body,
    bytes: Buffer.byteLength(body),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/** The answer's body gzipped, computed once per kept answer. */
export function gzippedBody(answer: ReadyAnswer): Promise<Uint8Array<ArrayBuffer>> {
  answer.gzipped ??= gzipAsync(answer.body).then((buffer) => new Uint8Array(buffer));
  return answer.gzipped;
}

/**
 * The key a catalogue listing is kept under: only first pages without a keyword (the pages everybody reads; the
 * keyword and cursor pages are too many to keep), null for the others.
 */
export function firstPageKey(params: {
  platform?: string | undefined;
  status?: string | undefined;
  q?: string | undefined;
  limit: number;
  cursor?: unknown;
}): string | null {
  if (params.q !== undefined || params.cursor !== undefined) return null;
  return `page:${params.platform ?? ''}|${params.status ?? ''}|${params.limit}`;
}

/**
 * The answer under `key`: the kept bytes when they are still good, else `load()` serialised (and kept when it is
 * not null and nothing changed meanwhile). Null when `load` finds nothing to show.
 */
export async function keptAnswer(
  db: Database,
  key: string,
  load: () => Promise<unknown | null>,
): Promise<ReadyAnswer | null> {
  const serialised = async () => {
    const value = await load();
    return value === null ? null : readyAnswer(value);
  };
  return publicAnswers.answer(db, key, serialised);
}

export function campaignKey(id: number): string {
  return `campaign:${id}`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET; `*` matches). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
