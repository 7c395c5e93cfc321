import type { Database } from '../../../db/client';
import type { ServiceName, ServiceReport } from '../service-report';

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

export type Creator = { creatorId: number; email: string } | { missing: string };

/** A service this server is not set up for (`why`: what is unset, and what is done instead): not tried, not a failure. */
export const notConfigured = (service: ServiceName, why: string): ServiceReport => ({
  service,
  configured: false,
  reachable: null,
  authorised: null,
  detail: why,
  failed: false,
});

/** A configured service not tried (`why`: what the check needs to try it). */
export const notChecked = (service: ServiceName, setup: string, why: string): ServiceReport => ({
  service,
  configured: true,
  setup,
  reachable: null,
  authorised: null,
  detail: why,
  failed: false,
});
