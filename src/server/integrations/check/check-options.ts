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

/** The creator named by `--creator`: found, or why not. */
export type Creator = FoundCreator | { missing: string };
export type FoundCreator = { creatorId: number; email: string };

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

/** A configured service that cannot be tried for the creator given (`why`: what is missing): a failure. */
export const cannotCheck = (service: ServiceName, setup: string, why: string): ServiceReport => ({
  ...notChecked(service, setup, why),
  failed: true,
});

/**
 * The creator whose connected account a check reads, or the report when there is none: none given (not checked:
 * `why`), or the one given not found (a failure).
 */
export function creatorToCheck(
  service: ServiceName,
  setup: string,
  creator: Creator | null,
  why: string,
): FoundCreator | ServiceReport {
  if (!creator) return notChecked(service, setup, why);
  if ('missing' in creator) return cannotCheck(service, setup, `${creator.missing}.`);
  return creator;
}
