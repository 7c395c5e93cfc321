import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { findTiktokAuth } from '../db/queries/influencers';
import { findInstagramConnection } from '../db/queries/instagram-connections';
import { youtubeVideoId } from '../shared/content-metrics';
import { systemClock } from './clock';
import { createInstagramClient } from './integrations/instagram/client';
import { InstagramTokenError } from './integrations/instagram/graph-errors';
import { checkEasypost } from './integrations/tracking/easypost-check';
import { INSTAGRAM_TOKEN_PURPOSE } from './metrics-sources/instagram';
import { MetricsSourceError } from './metrics-sources/types';
import { createYoutubeSource } from './metrics-sources/youtube';
import { createPaypalClient, PaypalApiError } from './payouts/paypal-client';
import { open } from './secret-box';
import { openTiktokToken } from './tiktok-login';

export interface CheckOptions {
  /** A payout_batch_id to look up (else a made-up one). */
  paypalBatch?: string | undefined;
  /** A public YouTube video id or link. */
  youtubeVideo?: string | undefined;
  /** The creator whose connected accounts are checked (their account email). */
  creator?: string | undefined;
  /** The database, needed with `creator`. */
  db?: Database | undefined;
  /** Why the database could not be opened (the creator's accounts are then reported as not checkable). */
  dbProblem?: string | undefined;
  /** Per call (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export class CheckUsageError extends Error {
  override name = 'CheckUsageError';
}

export type Creator = { influencerId: number; email: string } | { missing: string };

export const notChecked = (service: ServiceName, setup: string, why: string): ServiceReport => ({
  service,
  configured: true,
  setup,
  reachable: null,
  authorised: null,
  detail: why,
  failed: false,
});
