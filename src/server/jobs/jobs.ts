import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { type PaypalClient, paypalClientFromEnv } from '../payouts/paypal-client';
import { pruneRateLimits } from '../services/app-rate-limits';
import { sweepDeadlines } from '../services/applications';
import { pruneAttempts } from '../services/password-attempts';
import { pollPayouts } from '../services/payouts';

export const LIFECYCLE_SWEEP = 'lifecycle-sweep';
/** Every 10 minutes: reminders, missed work, ending campaigns. The sweep is safe to run twice. */
const SWEEP_CRON = '*/10 * * * *';
export const PAYOUT_STATUS = 'payout-status';
/**
 * Every minute: PayPal batches not confirmed yet are sent again (same ids, so never paid twice), open ones are read
 * until each item is final. Each batch has its own next check (1, 2, 4 … minutes, at most 6 hours apart).
 */
const PAYOUT_CRON = '* * * * *';
export const SECURITY_SWEEP = 'security-sweep';
/** Hourly: ended rate-limit windows and day-old password failure counts are deleted. */
const SECURITY_SWEEP_CRON = '17 * * * *';

/** pg-boss on PGlite: it only needs a function that runs SQL (several statements when there are no values). */
function pgliteAdapter(handle: DatabaseHandle) {
  const pglite = handle.pglite!;
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await pglite.query(text, values as never[]);
      return { rows: result.rows };
    },
  };
}

export interface Jobs {
  stop(): Promise<void>;
}

/**
 * Starts the job queue (pg-boss, in the app's own database) and its in-process worker. Several app instances on
 * one PostgreSQL share it: each scheduled run is handed to one worker.
 */
export async function startJobs(
  handle: DatabaseHandle,
  deps: {
    env: Env;
    logger: Logger;
    mailer: Mailer;
    paypal?: PaypalClient | null;
    /** PostgreSQL only: the schema of the queue's tables (default pgboss); tests keep theirs apart. */
    bossSchema?: string | undefined;
  },
): Promise<Jobs> {
  const paypal = deps.paypal === undefined ? paypalClientFromEnv(deps.env) : deps.paypal;
  const boss =
    handle.driver === 'postgres'
      ? new PgBoss({
          connectionString: deps.env.databaseUrl!,
          max: 2,
          ...(deps.bossSchema ? { schema: deps.bossSchema } : {}),
        })
      : new PgBoss({ db: pgliteAdapter(handle) as never });
  boss.on('error', (error) => deps.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(LIFECYCLE_SWEEP);
  await boss.work(LIFECYCLE_SWEEP, async () => {
    const result = await sweepDeadlines({
      db: handle.db,
      now: new Date(),
      mailer: deps.mailer,
      appUrl: deps.env.appUrl,
      logger: deps.logger,
    });
    if (result.reminded || result.missed || result.ended) deps.logger.info(result, 'lifecycle sweep');
  });
  await boss.schedule(LIFECYCLE_SWEEP, SWEEP_CRON);
  await boss.createQueue(SECURITY_SWEEP);
  await boss.work(SECURITY_SWEEP, async () => {
    const now = new Date();
    const windows = await pruneRateLimits(handle.db, now);
    const attempts = await pruneAttempts(handle.db, now);
    if (windows || attempts) deps.logger.info({ windows, attempts }, 'security sweep');
  });
  await boss.schedule(SECURITY_SWEEP, SECURITY_SWEEP_CRON);
  // One run at start, so a server that was down catches up at once.
  await boss.send(LIFECYCLE_SWEEP, {}, { singletonKey: 'startup', singletonSeconds: 60 });
  if (paypal) {
    await boss.createQueue(PAYOUT_STATUS);
    await boss.work(PAYOUT_STATUS, async () => {
      const result = await pollPayouts({
        db: handle.db,
        now: new Date(),
        mailer: deps.mailer,
        appUrl: deps.env.appUrl,
        logger: deps.logger,
        paypal,
      });
      if (result.submitted || result.refreshed || result.errors) deps.logger.info(result, 'payout status');
    });
    await boss.schedule(PAYOUT_STATUS, PAYOUT_CRON);
    await boss.send(PAYOUT_STATUS, {}, { singletonKey: 'startup', singletonSeconds: 60 });
  }
  return {
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
