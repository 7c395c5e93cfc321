import type { Database } from '../../db/client';
import type { FileStore } from '../integrations/file-storage/file-store';
import type { PaypalClient } from '../integrations/paypal/paypal-client';
import type { TrackingClient } from '../integrations/tracking/easypost-tracking';
import type { Mailer } from '../mail/mailer';
import { type Clock, systemClock } from '../process/clock';
import type { Logger } from '../process/logger';

/**
 * Starts a saved payment run's steps without waiting for them (src/server/jobs/payment-runs.ts): Process Payment
 * answers at once and the admin watches the run.
 */
export interface PaymentRunStarter {
  start(batchId: number): void;
}

/**
 * What every service reaches, in one object (decision 0025): built once per request by the `services` middleware
 * (`c.get('services')`), and once per run by a job (`jobServices`). Tests give the app their fake clock, and it comes
 * through `now()`.
 */
export interface ServiceContext {
  db: Database;
  /** The clock (the app's injectable clock, or the wall clock). */
  now: Clock;
  mailer: Mailer;
  /** The public address of the app, for links in mails. */
  appUrl: string;
  logger: Logger;
  /** PayPal Payouts, or null in manual mode (no PAYPAL_CLIENT_ID/PAYPAL_CLIENT_SECRET). */
  paypal: PaypalClient | null;
  /** Where files live: DATA_DIR or the S3 bucket (uploads, data downloads). */
  files: FileStore;
  /** Carrier tracking (EasyPost), or null when EASYPOST_API_KEY is unset (issue 38). */
  tracking: TrackingClient | null;
  /** Where a new payment run starts (null: the payout job takes it up at its next run). */
  paymentRuns: PaymentRunStarter | null;
}

export interface ServiceContextInput {
  db: Database;
  now?: Clock | undefined;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  paypal: PaypalClient | null;
  files: FileStore;
  tracking?: TrackingClient | null | undefined;
  paymentRuns?: PaymentRunStarter | null | undefined;
}

/** The one way a service context is made (the middleware, the jobs, the start-up, tests calling a service). */
export function createServiceContext(input: ServiceContextInput): ServiceContext {
  return {
    db: input.db,
    now: input.now ?? systemClock,
    mailer: input.mailer,
    appUrl: input.appUrl,
    logger: input.logger,
    paypal: input.paypal,
    files: input.files,
    tracking: input.tracking ?? null,
    paymentRuns: input.paymentRuns ?? null,
  };
}

/**
 * The context of one use case run: the clock read once, so every row, event and notice the use case writes carries
 * the same time (as one transaction should).
 */
export type AtInstant = Omit<ServiceContext, 'now'> & { now: Date };

/**
 * Reads the clock once for a use case (its first line: `const ctx = atInstant(services)`). A context already at
 * its instant is kept as it is: a step a use case runs in its course keeps the use case's time.
 */
export function atInstant(services: ServiceContext | AtInstant): AtInstant {
  return services.now instanceof Date ? (services as AtInstant) : { ...services, now: services.now() };
}

/** The context with its clock stopped at a use case's instant, for a use case it runs as part of the same step. */
export function stoppedAt(ctx: AtInstant): ServiceContext {
  return { ...ctx, now: () => ctx.now };
}
