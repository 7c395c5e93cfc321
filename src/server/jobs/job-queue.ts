import PgBoss from 'pg-boss';
import type { Env } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../process/logger';
import type { Metrics } from '../process/metrics';
import type { JobContext, JobDefinition } from './job-definition';

/**
 * The job queue (pg-boss) in the app's own database: opened on PostgreSQL or PGlite, each job's queue created and
 * scheduled once among instances starting together, and this process's worker for every job.
 */

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

/** Any fixed number shared by every instance (see migrate.ts and seed.ts for the others). */
const JOB_SETUP_LOCK_KEY = 727_274_004;

/** Runs `work` while holding a PostgreSQL advisory lock, so instances starting together take turns. */
async function oneInstanceAtATime(handle: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [JOB_SETUP_LOCK_KEY]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [JOB_SETUP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/** The queue, started: its own pool of 2 on PostgreSQL (in `bossSchema`, default pgboss), the app's PGlite otherwise. */
export async function openJobQueue(
  handle: DatabaseHandle,
  options: { env: Env; logger: Logger; bossSchema?: string | undefined },
): Promise<PgBoss> {
  const boss =
    handle.driver === 'postgres'
      ? new PgBoss({
          connectionString: options.env.databaseUrl!,
          max: 2,
          ...(options.bossSchema ? { schema: options.bossSchema } : {}),
        })
      : new PgBoss({ db: pgliteAdapter(handle) as never });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Each job's queue and schedule, and one run at start (shared by instances starting together). */
export async function scheduleJobs(
  handle: DatabaseHandle,
  boss: PgBoss,
  jobs: readonly JobDefinition[],
): Promise<void> {
  // pg-boss's createQueue deadlocks when two instances create the same queue at once: one instance at a time.
  await oneInstanceAtATime(handle, async () => {
    for (const job of jobs) {
      await boss.createQueue(job.name);
      await boss.schedule(job.name, job.cron);
      // One run at start, so a server that was down catches up at once (instances starting together share it).
      await boss.send(job.name, {}, { singletonKey: 'startup', singletonSeconds: 60 });
    }
  });
}

/** This process's worker for every job: each run logged ('job done' or 'job failed') and counted in the metrics. */
export async function workJobs(
  boss: PgBoss,
  jobs: readonly JobDefinition[],
  ctx: JobContext,
  metrics: Metrics | undefined,
): Promise<void> {
  for (const job of jobs) {
    await boss.work(job.name, async ([received]) => {
      const started = performance.now();
      const fields = { queue: job.name, jobId: received?.id };
      try {
        await job.run(ctx);
      } catch (error) {
        metrics?.jobRun(job.name, 'failed', (performance.now() - started) / 1000);
        ctx.logger.error({ ...fields, err: error }, 'job failed');
        throw error;
      }
      const seconds = (performance.now() - started) / 1000;
      metrics?.jobRun(job.name, 'completed', seconds);
      ctx.logger.info({ ...fields, ms: Math.round(seconds * 1000) }, 'job done');
    });
  }
}
