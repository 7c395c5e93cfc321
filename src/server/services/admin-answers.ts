import { onInvalidate } from '../../db/cache-invalidation';
import type { Database } from '../../db/client';
import { keptAnswersPerDatabase } from './kept-answers';
import { LIVE_CHANNEL } from './live/topics';
import { type ReadyAnswer, readyAnswer } from './public-answers';

/**
 * The admins' campaign pages kept as ready answers (issue 37, decision 0049): a campaign's applicants (the review
 * page, the shipping list, every group, order and page) and its packing summary are serialised once, with a strong
 * ETag, and sent as they are until something they show changes. They hold nothing of who asks (every admin role
 * reads them whole; the permission check runs before, on every request), so one kept answer serves every admin.
 *
 * Forgotten, all at once:
 * - on every instance, when a table they read changes: the statement triggers of migration 0048 send channel
 *   `admin-pages` at commit, whoever wrote (a route, a job, a webhook, another instance); and on the live screens'
 *   `campaign:<id>` topic (migration 0041), which the web follows to read the page again;
 * - on this instance, after every request that may write (`forgetAfterWrites`), so the answer of a write made here
 *   never races the database's notice to the next read;
 * - when the instance stops hearing the database (a dropped LISTEN connection: nothing is kept until it is back).
 * Never kept longer than MAX_AGE_MS either.
 */
export const ADMIN_PAGES_CHANNEL = 'admin-pages';

const MAX_AGE_MS = 60_000;
/** Answers held per database at most (pages of several campaigns, groups and orders); past it the store starts over. */
const LIMIT = 200;

const adminPages = keptAnswersPerDatabase<ReadyAnswer>({
  limit: LIMIT,
  maxAgeMs: MAX_AGE_MS,
  listen: (db, store) => {
    onInvalidate(db, ADMIN_PAGES_CHANNEL, () => store.forget());
    // The live screens' campaign topic comes from the same commit, before the statement trigger's notice: the web
    // reads the page again on it, so it forgets too (no read can slip between the two notices).
    onInvalidate(db, LIVE_CHANNEL, (key) => {
      if (key === null || key.startsWith('campaign:')) store.forget();
    });
  },
});

/** The bench's BOX_ANSWER_CACHE=0: every admin page computed again, to show what keeping them saves. */
export function setAdminAnswerCache(on: boolean): void {
  adminPages.setEnabled(on);
}

/** Forgets every kept admin page of this instance (a request that may have written has just been answered). */
export function forgetAdminAnswers(db: Database): void {
  adminPages.forget(db);
}

/**
 * The answer under `key`: the kept bytes while they are still good, else `load()` serialised, and kept when nothing
 * changed meanwhile. A load that throws (404) keeps nothing. Ages are read on the monotonic clock (`performance.now()`): a kept answer's life is not a date.
 */
export async function keptAdminAnswer(
  db: Database,
  key: string,
  load: () => Promise<unknown>,
  now = performance.now(),
): Promise<ReadyAnswer> {
  return adminPages.answer(db, key, async () => readyAnswer(await load()), now);
}
