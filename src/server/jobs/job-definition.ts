import type { Env } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import type { FileStore } from '../integrations/file-storage/file-store';
import type { MetricsSource } from '../integrations/metrics-source';
import type { PaypalClient } from '../integrations/paypal/paypal-client';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../process/logger';

/** What a job's work gets. */
export interface JobContext {
  handle: DatabaseHandle;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  /** PayPal Payouts, or null in manual mode. */
  paypal: PaypalClient | null;
  /** The platforms whose API metrics are configured (none: nothing to read). */
  metricsSources: readonly MetricsSource[];
  /** Where files live (DATA_DIR or the S3 bucket). */
  files: FileStore;
}

/**
 * One kind of timed work. Every job is scheduled (`cron`, UTC) and run once at start; pg-boss hands each run to one
 * worker among all instances. The work must be safe to run twice (a crash after the work but before pg-boss records
 * it done means one more run).
 */
export interface JobDefinition {
  name: string;
  cron: string;
  run(ctx: JobContext): Promise<void>;
}
