import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { countPayoutsByStatus } from '../../db/queries/payout-records';
import type { Mailer } from '../mail/mailer';
import type { Logger } from './logger';

/** What the gauges read when Prometheus scrapes (set once the database and the job queue are up). */
export interface MetricsSources {
  /** PostgreSQL: the app's connection pool (PGlite has none). */
  pool?: pg.Pool | undefined;
  /** Waiting jobs per queue. */
  queueDepths?: () => Promise<Record<string, number>>;
  /** The database, for counts by status. */
  db?: Database;
  logger?: Logger;
  /** Event streams open now in this process (issue 42). */
  openStreams?: () => number;
}

export interface Metrics {
  registry: Registry;
  /** One answered request: `route` is the route pattern (`/api/campaigns/:id`), never the raw path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  mailSent(outcome: 'sent' | 'failed'): void;
  jobRun(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
  watch(sources: MetricsSources): void;
}

/**
 * Prometheus metrics of one process, in a registry of its own. Labels hold route patterns, methods, status codes,
 * queue names and outcomes only: no ids, paths, addresses or anything else about a person.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'mintbox_' });
  const sources: MetricsSources = {};
  const { requests, latency, mails, jobRuns, jobDuration } = countedEvents(registers);
  watchedGauges(registers, sources);

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    mailSent(outcome) {
      mails.inc({ outcome });
    },
    jobRun(queue, outcome, seconds) {
      jobRuns.inc({ queue, outcome });
      jobDuration.observe({ queue }, seconds);
    },
    watch(more) {
      Object.assign(sources, more);
    },
  };
}

/** What the process counts as it happens: requests and their latency, mails, job runs and their duration. */
function countedEvents(registers: Registry[]) {
  return {
    requests: new Counter({
      name: 'mintbox_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    latency: new Histogram({
      name: 'mintbox_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    mails: new Counter({
      name: 'mintbox_mails_total',
      help: 'Mails handed to the mail server (or the development outbox), by outcome',
      labelNames: ['outcome'] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: 'mintbox_job_runs_total',
      help: 'Background jobs run by this process, by queue and outcome (failed: the job threw)',
      labelNames: ['queue', 'outcome'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'mintbox_job_duration_seconds',
      help: 'Time a background job took, by queue',
      labelNames: ['queue'] as const,
      buckets: [0.05, 0.25, 1, 5, 15, 60, 300],
      registers,
    }),
  };
}

/** The gauges, read from the watched sources when Prometheus scrapes (a source not yet set reads as nothing). */
function watchedGauges(registers: Registry[], sources: MetricsSources): void {
  const warn = (error: unknown, what: string) =>
    sources.logger?.warn({ err: error }, `metrics: could not read ${what}`);

  new Gauge({
    name: 'mintbox_db_pool_connections',
    help: 'PostgreSQL connections of this process: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const pool = sources.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  /**
   * A gauge of counts shared by every instance, one per value of `label`, read from the queue or the database when
   * Prometheus scrapes: empty while its source is not set (`read` answers undefined), and when the read fails (logged).
   */
  const sharedCounts = (
    gauge: { name: string; help: string; label: string; what: string },
    read: () => Promise<Array<[string, number]> | undefined>,
  ) =>
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: [gauge.label],
      registers,
      async collect() {
        this.reset();
        try {
          for (const [value, count] of (await read()) ?? []) this.set({ [gauge.label]: value }, count);
        } catch (error) {
          warn(error, gauge.what);
        }
      },
    });

  sharedCounts(
    {
      name: 'mintbox_job_queue_depth',
      help: 'Jobs waiting to run, per queue (shared by every instance)',
      label: 'queue',
      what: 'the job queue',
    },
    async () => sources.queueDepths && Object.entries(await sources.queueDepths()),
  );
  new Gauge({
    name: 'mintbox_open_streams',
    help: 'Server-Sent Events streams open in this process (live channel and conversations)',
    registers,
    collect() {
      this.set(sources.openStreams?.() ?? 0);
    },
  });
  sharedCounts(
    {
      name: 'mintbox_payouts',
      help: 'Payouts per status (shared by every instance)',
      label: 'status',
      what: 'payouts',
    },
    async () =>
      sources.db && (await countPayoutsByStatus(sources.db)).map(({ status, count }) => [status, count]),
  );
}

/** The mailer, counting each mail sent or failed. */
export function countingMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mailSent('sent');
      } catch (error) {
        metrics.mailSent('failed');
        throw error;
      }
    },
  };
}
