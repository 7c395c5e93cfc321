import type { Platform } from '../../shared/constants';
import type { MetricFigures } from '../../shared/content-metrics';

/** A post to read: its link and its submission (a platform read with the creator's own token finds them by it). */
export interface PostToRead {
  submissionId: number;
  postUrl: string;
}

/**
 * What the platform says the post looks like, read in the same call as its figures: the caption (or title and
 * description) as plain text, and the address of its thumbnail on the platform's CDN (an expiring link: the job copies
 * the image into our uploads; it is fetched only from the hosts the platform serves its media from).
 */
export interface PostLook {
  caption: string | null;
  thumbnailUrl: string | null;
}

/**
 * What the platform said about one post: its figures; that it is gone (deleted, private, or a link that names no
 * post of this platform: the job stops reading it and keeps its last figures); that it cannot be read for now
 * (the creator has not connected the account, or must sign in again: the job tries again at the next scheduled
 * read); or that reading this one post failed unexpectedly (`failed`: this post alone is retried after a back-off,
 * the rest of the batch keeps its readings).
 */
export type PostReading =
  | { ok: true; figures: MetricFigures; look?: PostLook }
  | { ok: false; gone: true; reason: string }
  | { ok: false; gone: false; failed?: false; reason: string }
  | { ok: false; gone: false; failed: true; reason: string };

/**
 * Why a whole call failed: `quota` (the daily quota is used up: wait, and read nothing of this platform for a
 * while), `auth` (the key or token was refused), `unavailable` (network, 5xx, an answer we cannot read).
 */
export type MetricsSourceErrorKind = 'quota' | 'auth' | 'unavailable';

export class MetricsSourceError extends Error {
  override name = 'MetricsSourceError';
  constructor(
    readonly kind: MetricsSourceErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** One platform's metrics, behind one interface; enabled only when the operator configured it. */
export interface MetricsSource {
  platform: Platform;
  /** Most posts one `read` takes (the job splits larger batches). */
  batchSize: number;
  /** One reading per post, in the same order. Throws MetricsSourceError when the call as a whole fails. */
  read(posts: PostToRead[]): Promise<PostReading[]>;
  /** Work the job does once a run besides reading posts (renewing tokens, reading account-level figures). */
  maintain?(now: Date): Promise<void>;
}
