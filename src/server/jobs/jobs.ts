import type { Env } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { invalidateCampaignCounts } from '../../db/queries/campaign-count-cache';
import type { FileStore } from '../integrations/file-storage/file-store';
import { fileStoreFromEnv } from '../integrations/file-storage/file-store-from-env';
import type { MetricsSource } from '../integrations/metrics-source';
import { metricsSourcesFromEnv } from '../integrations/metrics-sources-from-env';
import { type PaypalClient, paypalClientFromEnv } from '../integrations/paypal/paypal-client';
import { trackingClientFromEnv } from '../integrations/tracking/easypost-tracking';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../process/logger';
import type { Metrics } from '../process/metrics';
import { sendAdminDigests } from '../services/admin-digest';
import { pruneRateLimits } from '../services/app-rate-limits';
import { sweepDeadlines } from '../services/applications/deadline-sweep';
import { mailUnreadMessages } from '../services/conversations/unread-mail';
import { anonymiseClosedAccounts } from '../services/data-rights/anonymise';
import { buildRequestedExports } from '../services/data-rights/data-export';
import { pruneAttempts } from '../services/password-attempts';
import { createServiceContext, type ServiceContext } from '../services/service-context';
import type { JobContext, JobDefinition } from './job-definition';
import { openJobQueue, scheduleJobs, workJobs } from './job-queue';
import { pollPayouts, resumeInterruptedBatches } from './payment-runs';
import { refreshContentMetrics } from './refresh-content-metrics';
import { storeJobs } from './store-jobs';
import { trackingJobs } from './tracking-jobs';

export type { JobContext, JobDefinition } from './job-definition';

export const LIFECYCLE_SWEEP = 'lifecycle-sweep';
export const PAYOUT_STATUS = 'payout-status';
export const SECURITY_SWEEP = 'security-sweep';
export const CONTENT_METRICS_REFRESH = 'content-metrics-refresh';
export const ADMIN_DIGEST = 'admin-digest';
export const UNREAD_MESSAGE_MAIL = 'unread-message-mail';
export const DATA_EXPORT = 'data-export';
export const ACCOUNT_ANONYMISE = 'account-anonymise';

/** The service context of one job run: the same object a request gets, with the wall clock. */
export function jobServices(
  ctx: Pick<JobContext, 'handle' | 'env' | 'logger' | 'mailer' | 'paypal' | 'files'>,
): ServiceContext {
  return createServiceContext({
    db: ctx.handle.db,
    mailer: ctx.mailer,
    appUrl: ctx.env.appUrl,
    logger: ctx.logger,
    paypal: ctx.paypal,
    files: ctx.files,
    tracking: trackingClientFromEnv(ctx.env),
  });
}

/** Every job of the app: the queues are created, scheduled and worked from this list (and tests walk it). */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  {
    // Every 10 minutes: reminders, missed work, ending campaigns (at most 2,000 reminders and 2,000 missed a run, in
    // chunks of 100: SWEEP_LIMITS in the service; the rest waits for the next run).
    name: LIFECYCLE_SWEEP,
    cron: '*/10 * * * *',
    async run(ctx) {
      const result = await sweepDeadlines(jobServices(ctx));
      if (result.ended) await invalidateCampaignCounts(ctx.handle.db);
      if (result.reminded || result.missed || result.ended) ctx.logger.info(result, 'lifecycle sweep');
    },
  },
  {
    // Every minute: PayPal batches not confirmed yet are sent again (same ids, so never paid twice), open ones are
    // read until each item is final. Each batch has its own next check (1, 2, 4 … minutes, at most 6 hours apart);
    // a run takes no further batch after POLL_BUDGET_MS (10 s), the rest wait for the next minute.
    // In manual mode (no PayPal configured) there is nothing to do.
    name: PAYOUT_STATUS,
    cron: '* * * * *',
    async run(ctx) {
      if (!ctx.paypal) return;
      const result = await pollPayouts(jobServices(ctx));
      if (result.submitted || result.refreshed || result.errors) ctx.logger.info(result, 'payout status');
    },
  },
  {
    // Hourly: ended rate-limit windows and day-old password failure counts are deleted.
    name: SECURITY_SWEEP,
    cron: '17 * * * *',
    async run({ handle, logger }) {
      const now = new Date();
      const windows = await pruneRateLimits(handle.db, now);
      const attempts = await pruneAttempts(handle.db, now);
      if (windows || attempts) logger.info({ windows, attempts }, 'security sweep');
    },
  },
  {
    // Every 10 minutes: approved posts due for a read (hourly for 2 days after approval, then daily for 30 days)
    // get a new snapshot from their platform's API; failures back off, a used-up quota pauses the platform.
    name: CONTENT_METRICS_REFRESH,
    cron: '*/10 * * * *',
    async run({ handle, env, logger, metricsSources, files }) {
      const result = await refreshContentMetrics({
        db: handle.db,
        sources: metricsSources,
        now: new Date(),
        logger,
        previews: { files, hostOverrides: env.mediaHostOverrides },
      });
      if (result.read || result.gone || result.failed) logger.info(result, 'content metrics refresh');
    },
  },
  {
    // Every 10 minutes: each admin whose ADMIN_DIGEST_INTERVAL_MINUTES (at least an hour) has passed gets a digest
    // of what arrived since their last one; nothing new, no mail. Off when the interval is 0 (development default).
    name: ADMIN_DIGEST,
    cron: '*/10 * * * *',
    async run({ handle, env, logger, mailer }) {
      const result = await sendAdminDigests({
        db: handle.db,
        now: new Date(),
        mailer,
        appUrl: env.appUrl,
        logger,
        intervalMinutes: env.adminDigestIntervalMinutes,
      });
      if (result.sent || result.failed) logger.info(result, 'admin digest');
    },
  },
  {
    // Every minute: a creator who left a message from the campaign team unread for 10 minutes gets a mail (one per
    // conversation per hour at most; switchable under their mail preferences). Issue 26.
    name: UNREAD_MESSAGE_MAIL,
    cron: '* * * * *',
    async run(ctx) {
      const result = await mailUnreadMessages(jobServices(ctx));
      if (result.sent || result.skipped) ctx.logger.info(result, 'unread message mail');
    },
  },
  {
    // Every minute: requested data downloads are built (a JSON file in DATA_DIR/exports) and their one-time link
    // mailed; unused links past their 24 hours expire and their files are deleted. Issue 27.
    name: DATA_EXPORT,
    cron: '* * * * *',
    async run(ctx) {
      const result = await buildRequestedExports(jobServices(ctx));
      if (result.built || result.expired) ctx.logger.info(result, 'data export');
    },
  },
  ...trackingJobs(jobServices),
  ...storeJobs(jobServices),
  {
    // Hourly: accounts closed 90 days ago are anonymised (personal data removed, money records kept). Issue 27.
    name: ACCOUNT_ANONYMISE,
    cron: '41 * * * *',
    async run(ctx) {
      const result = await anonymiseClosedAccounts(jobServices(ctx));
      if (result.anonymised) ctx.logger.info(result, 'account anonymisation');
    },
  },
];

export interface Jobs {
  /** Waiting jobs per queue (shared by every instance). */
  queueDepths(): Promise<Record<string, number>>;
  /** Stops fetching new jobs, waits up to `timeoutMs` for the jobs in progress, then closes the queue's connections. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Starts the job queue (pg-boss, in the app's own database) and its in-process worker. Several app instances on
 * one PostgreSQL share it: each scheduled run is handed to one worker. Every run is logged ('job done' or 'job
 * failed' with the queue and job id) and counted in the metrics.
 */
export async function startJobs(
  handle: DatabaseHandle,
  deps: {
    env: Env;
    logger: Logger;
    mailer: Mailer;
    metrics?: Metrics | undefined;
    /** PayPal Payouts; built from env when absent (null: manual payouts). */
    paypal?: PaypalClient | null;
    /** Content metrics sources; built from env when absent. */
    metricsSources?: readonly MetricsSource[];
    /** PostgreSQL only: the schema of the queue's tables (default pgboss); tests keep theirs apart. */
    bossSchema?: string | undefined;
    /** When this process started (default: now): PayPal batches left submitting before it are sent again. */
    startedAt?: Date;
    /** Where files live; built from env when absent. */
    files?: FileStore;
  },
): Promise<Jobs> {
  const paypal = deps.paypal === undefined ? paypalClientFromEnv(deps.env) : deps.paypal;
  const files = deps.files ?? fileStoreFromEnv(deps.env);
  // At once, without waiting for the queue: PayPal batches a crash left submitting are sent again (same ids).
  const resumed = paypal
    ? resumeInterruptedBatches(
        jobServices({ handle, env: deps.env, logger: deps.logger, mailer: deps.mailer, paypal, files }),
        deps.startedAt ?? new Date(),
      ).then(
        (result) => {
          if (result.resumed) deps.logger.info(result, 'payout batches resumed at start-up');
        },
        (error: unknown) =>
          deps.logger.error({ err: error }, 'payout batches could not be resumed at start-up'),
      )
    : Promise.resolve();
  const boss = await openJobQueue(handle, deps);
  const ctx: JobContext = {
    handle,
    env: deps.env,
    logger: deps.logger,
    mailer: deps.mailer,
    paypal,
    metricsSources: deps.metricsSources ?? metricsSourcesFromEnv(deps.env, handle.db, deps.logger),
    files,
  };
  await scheduleJobs(handle, boss, JOB_DEFINITIONS);
  await workJobs(boss, JOB_DEFINITIONS, ctx, deps.metrics);
  return {
    async queueDepths() {
      const depths: Record<string, number> = {};
      for (const job of JOB_DEFINITIONS) depths[job.name] = (await boss.getQueueSize(job.name)) ?? 0;
      return depths;
    },
    stop: async ({ timeoutMs = 5000 } = {}) => {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await resumed;
    },
  };
}
