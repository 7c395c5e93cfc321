/**
 * Issue 28, item 3: the background work at operator size. Each timed job (the deadline sweep, the content metrics
 * refresh, the admin digest, the payout batch refresh) is run once the way pg-boss runs it (its `run` from
 * JOB_DEFINITIONS with a real JobContext: the app's database handle, a recording mailer, a PayPal client
 * against the local fake PayPal, metrics sources that answer at once), on a throwaway copy of the small set and then
 * of the full set. The jobs write, so they never run on the sets themselves: run.ts copies each set (CREATE DATABASE
 * … TEMPLATE) and drops the copies at the end.
 *
 * At full size, while the job runs, four API cases (payments summary, transactions, applicants of the biggest
 * campaign, the creator's wallet) are loaded at 10 connections from a worker thread, and their p99 is compared with
 * the same load a moment before without the job. A sampler reads pg_stat_activity every 50 ms for sessions waiting
 * on a lock and keeps the longest wait seen.
 *
 * The mailer records instead of sending: mail delivery costs what the provider costs, not what the data holds, and a
 * local SMTP server in this process competed with the app for its event loop (the sweep on the small set: 232 rows in
 * 19.8 s with it, 3.3 s without, at load average 14-22).
 *
 * Targets: a job finishes in under a quarter of its cron interval; no API answer waits more than 100 ms longer while
 * it runs (p99 during - p99 without <= 100 ms, each case).
 */
import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import pino from 'pino';
import { loadEnv } from '../../src/config/env';
import type { DatabaseHandle } from '../../src/db/client';
import { localFileStore } from '../../src/server/integrations/file-storage/local-file-store';
import type { MetricsSource } from '../../src/server/integrations/metrics-source';
import { createPaypalClient } from '../../src/server/integrations/paypal/paypal-client';
import {
  ADMIN_DIGEST,
  CONTENT_METRICS_REFRESH,
  JOB_DEFINITIONS,
  type JobContext,
  LIFECYCLE_SWEEP,
  PAYOUT_STATUS,
} from '../../src/server/jobs/jobs';
import { applicationDeadlineFor } from '../../src/shared/lifecycle/deadlines';
import { captureMailer } from '../../tests/support/capture-mailer';
import { type FakeBatch, type FakePaypal, startFakePaypal } from '../../tests/support/fake-paypal';

/** What the background cases need of a running side (run.ts's Side has it). */
export interface JobSide {
  dataset: { name: string; url: string };
  handle: DatabaseHandle;
  url: string;
  admin: string;
  creator: string;
}

export interface ApiCompare {
  name: string;
  p99Without: number;
  p99During: number;
  requestsDuring: number;
  pass: boolean;
}

export interface BackgroundResult {
  name: string;
  job: string;
  intervalSeconds: number;
  /** What was due before the run (a sentence). */
  due: string;
  small: { rows: number; seconds: number };
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** Under a quarter of the interval. */
  intervalPass: boolean;
  /** Per-row cost full / small (cost that does not grow with the data: about 1). */
  perRowRatio: number;
  api: ApiCompare[];
  apiPass: boolean;
  /** The longest wait on a lock seen by the sampler (ms) and the statement that waited. */
  lockWaitMs: number;
  lockWaiter: string;
  detail: string;
}

const MAX_EXTRA_MS = 100;
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const ORIGIN = 'http://localhost:3000';
/** Batches in flight made for the payout job (it reads at most 20 a run), 100 payouts each (the Process limit). */
const PAYOUT_BATCHES = 30;
const BATCH_SIZE = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = () => performance.timeOrigin + performance.now();

/** Seconds between two runs of a cron of the shapes JOB_DEFINITIONS uses ('* * * * *', '*\/10 * * * *', hourly). */
export function cronIntervalSeconds(cron: string): number {
  const minute = cron.split(' ')[0] ?? '';
  if (minute === '*') return 60;
  const every = /^\*\/(\d+)$/.exec(minute);
  return every ? Number(every[1]) * 60 : 3600;
}

/** A logger that keeps every line the job writes (the job's result is in its info line). */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = String(chunk);
      if (!text.includes('"msg":"mail sent"')) lines.push(JSON.parse(text) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** Metrics sources that answer at once with figures (the platform calls are not what is measured). */
function instantSources(platforms: string[]): MetricsSource[] {
  return platforms.map((platform) => ({
    platform: platform as MetricsSource['platform'],
    batchSize: 50,
    async read(posts) {
      return posts.map((post) => ({
        ok: true as const,
        figures: {
          views: 1000 + (post.submissionId % 100),
          likes: 90,
          comments: 9,
          shares: 4,
          saves: 3,
          reach: 800,
        },
      }));
    },
  }));
}

async function rows<T = Record<string, unknown>>(handle: DatabaseHandle, text: string): Promise<T[]> {
  return ((await handle.db.execute(text)) as unknown as { rows: T[] }).rows;
}
async function count(handle: DatabaseHandle, text: string): Promise<number> {
  return Number((await rows<{ n: number }>(handle, text))[0]?.n ?? 0);
}

interface Tools {
  fake: FakePaypal;
  mails: ReturnType<typeof captureMailer>;
  adminUserId: string;
}

interface BackgroundCase {
  name: string;
  job: string;
  /** Makes work due on the copy; says what is due. */
  prepare(side: JobSide, tools: Tools): Promise<string>;
  /** Rows handled, from the job's log line or the database after the run. */
  handled(side: JobSide, logged: Array<Record<string, unknown>>, tools: Tools): Promise<number>;
  detail(logged: Array<Record<string, unknown>>, tools: Tools): string;
}

const resultLine = (logged: Array<Record<string, unknown>>, msg: string) =>
  logged.find((line) => line.msg === msg) ?? {};
const num = (value: unknown) => Number(value ?? 0);

const CASES: BackgroundCase[] = [
  {
    name: 'deadline sweep',
    job: LIFECYCLE_SWEEP,
    async prepare(side) {
      // The set holds content-due applications of ended campaigns that no sweep has seen (the missed), and pending
      // campaigns past their deadline (ended). The second-biggest campaign's upload deadline becomes tomorrow, so
      // its content-due applicants are reminded.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await side.handle.db.execute(
        `update campaigns set deadline = '${applicationDeadlineFor(tomorrow)}' where id = 2`,
      );
      const today = new Date().toISOString().slice(0, 10);
      const candidates = await count(
        side.handle,
        `select count(*)::int as n from applications a join campaigns c on c.id = a.campaign_id
         where a.status in ('accepted','shipped','delivered','changes_requested')
           and c.deadline < '${applicationDeadlineFor(today)}'`,
      );
      const remind = await count(
        side.handle,
        `select count(*)::int as n from applications where campaign_id = 2
           and status in ('accepted','shipped','delivered','changes_requested') and reminder_sent_at is null`,
      );
      return `${candidates} content-due applications past their campaign's upload deadline, ${remind} to remind`;
    },
    async handled(_side, logged) {
      const line = resultLine(logged, 'lifecycle sweep');
      return num(line.reminded) + num(line.missed) + num(line.ended);
    },
    detail(logged, tools) {
      const line = resultLine(logged, 'lifecycle sweep');
      return `reminded ${num(line.reminded)}, missed ${num(line.missed)}, campaigns ended ${num(line.ended)}; ${tools.mails.sent.length} mails`;
    },
  },
  {
    name: 'metrics refresh',
    job: CONTENT_METRICS_REFRESH,
    async prepare(side) {
      // Every post still on its reading schedule is due now (the generator leaves them an hour ahead).
      await side.handle.db.execute(
        `update content_metric_fetches set next_fetch_at = now() - (submission_id % 600) * interval '1 second'
         where done_at is null`,
      );
      const due = await count(
        side.handle,
        'select count(*)::int as n from content_metric_fetches where done_at is null and next_fetch_at <= now()',
      );
      return `${due} posts due for a read (a run reads at most 500)`;
    },
    async handled(_side, logged) {
      const line = resultLine(logged, 'content metrics refresh');
      return num(line.read) + num(line.gone) + num(line.failed);
    },
    detail(logged) {
      const line = resultLine(logged, 'content metrics refresh');
      return `read ${num(line.read)}, gone ${num(line.gone)}, failed ${num(line.failed)}, previews ${num(line.previews)}`;
    },
  },
  {
    name: 'admin digest',
    job: ADMIN_DIGEST,
    async prepare(side, tools) {
      // The admin's last digest was 30 days ago: the period holds the pending payouts and the month's work.
      await side.handle.db.execute(
        `insert into admin_digests (user_id, enabled, reported_until) values ('${tools.adminUserId}', true, now() - interval '30 days')
         on conflict (user_id) do update set enabled = true, reported_until = excluded.reported_until`,
      );
      const admins = await count(
        side.handle,
        `select count(*)::int as n from users where role = 'admin' and coalesce(banned, false) = false`,
      );
      return `${admins} admin(s), last digest 30 days ago`;
    },
    async handled(_side, logged) {
      const line = resultLine(logged, 'admin digest');
      return num(line.sent) + num(line.empty);
    },
    detail(_logged, tools) {
      const mail = tools.mails.sent.at(-1);
      return mail ? `mail "${mail.subject}"` : 'no mail';
    },
  },
  {
    name: 'payout batch refresh',
    job: PAYOUT_STATUS,
    async prepare(side, tools) {
      // Batches in flight: the set's processing payouts, 100 a batch, sent to PayPal ten minutes ago and due for a
      // check. The fake PayPal holds the same batches: most items paid, one in twenty failed, one in twenty unclaimed.
      await side.handle.db.execute(`
        create temporary table bench_batch_plan as
        select id, amount, paypal_email, (row_number() over (order by id) - 1) / ${BATCH_SIZE} as b
        from payouts where status = 'processing' order by id limit ${PAYOUT_BATCHES * BATCH_SIZE}`);
      await side.handle.db.execute(`
        insert into payout_batches (sender_batch_id, request_id, status, paypal_batch_id, paypal_batch_status, total,
          item_count, attempts, next_check_at, created_at, updated_at)
        select 'bench-batch-' || b, 'bench-request-' || b, 'submitted', 'BENCHPB' || b, 'PROCESSING', sum(amount),
          count(*), 1, now() - interval '1 minute', now() - interval '10 minutes', now() - interval '10 minutes'
        from bench_batch_plan group by b`);
      await side.handle.db.execute(`
        update payouts p set mode = 'paypal', batch_id = pb.id
        from bench_batch_plan x join payout_batches pb on pb.sender_batch_id = 'bench-batch-' || x.b
        where p.id = x.id`);
      const plan = await rows<{ id: number; amount: number; paypal_email: string; b: number }>(
        side.handle,
        'select id, amount, paypal_email, b from bench_batch_plan order by id',
      );
      await side.handle.db.execute('drop table bench_batch_plan');
      const batches = new Map<number, FakeBatch>();
      for (const p of plan) {
        const b = Number(p.b);
        let batch = batches.get(b);
        if (!batch) {
          batch = {
            payoutBatchId: `BENCHPB${b}`,
            senderBatchId: `bench-batch-${b}`,
            emailSubject: undefined,
            emailMessage: undefined,
            statusOverride: null,
            items: [],
            createdAt: new Date(Date.now() - 600_000).toISOString(),
          };
          batches.set(b, batch);
        }
        const id = Number(p.id);
        const status = id % 20 === 0 ? 'FAILED' : id % 20 === 1 ? 'UNCLAIMED' : 'SUCCESS';
        batch.items.push({
          payoutItemId: `BENCHITEM${id}`,
          senderItemId: `payout-${id}`,
          receiver: p.paypal_email,
          amount: `${Number(p.amount)}.00`,
          status,
          transactionId: status === 'SUCCESS' ? `BENCHTX${id}` : null,
          error:
            status === 'FAILED'
              ? { name: 'RECEIVER_ACCOUNT_INVALID', message: 'Receiver account is invalid.' }
              : null,
        });
      }
      for (const batch of batches.values()) tools.fake.batches.set(batch.payoutBatchId, batch);
      return `${batches.size} PayPal batches in flight (${plan.length} payouts); a run reads at most 20`;
    },
    async handled(side) {
      return count(
        side.handle,
        `select count(*)::int as n from payouts p join payout_batches b on b.id = p.batch_id
         where b.sender_batch_id like 'bench-batch-%' and p.paypal_status is not null`,
      );
    },
    detail(logged) {
      const line = resultLine(logged, 'payout status');
      return `batches refreshed ${num(line.refreshed)}, errors ${num(line.errors)}`;
    },
  },
];

/** The API cases loaded while a job runs (at full size). */
const API_CASES = [
  { name: 'payments summary', who: 'admin', path: '/api/admin/payments/summary' },
  { name: 'transactions', who: 'admin', path: '/api/admin/transactions?limit=20' },
  { name: 'applicants of biggest', who: 'admin', path: '/api/admin/campaigns/1/applications' },
  { name: 'wallet', who: 'creator', path: '/api/me/wallet' },
] as const;

/**
 * Closed-loop load on a worker thread (so it does not share the event loop of the app and the job it measures): each
 * connection sends the cases in turn and records [case, start, end, status] with absolute times.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { cases, connections } = workerData;
let stopping = false;
const records = [];
parentPort.on('message', (message) => { if (message === 'stop') stopping = true; });
const now = () => performance.timeOrigin + performance.now();
async function loop(k) {
  let i = k;
  while (!stopping) {
    const c = cases[i % cases.length];
    i += 1;
    const start = now();
    let status = 0;
    try {
      const response = await fetch(c.url, { headers: c.headers });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = -1;
    }
    records.push([c.index, start, now(), status]);
  }
}
Promise.all(Array.from({ length: connections }, (_, k) => loop(k))).then(() => parentPort.postMessage(records));
`;

type LoadRecord = [number, number, number, number];

function startLoad(side: JobSide, connections: number) {
  const cases = API_CASES.map((c, index) => ({
    index,
    url: `${side.url}${c.path}`,
    headers: { cookie: side[c.who], origin: ORIGIN },
  }));
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { cases, connections } });
  const done = new Promise<LoadRecord[]>((resolve, reject) => {
    worker.once('message', (records: LoadRecord[]) => resolve(records));
    worker.once('error', reject);
  });
  return {
    async stop(): Promise<LoadRecord[]> {
      worker.postMessage('stop');
      const records = await done;
      await worker.terminate();
      return records;
    },
  };
}

function p99(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** p99 per API case of the requests that overlap [from, to]; throws on any answer but 200. */
function p99PerCase(records: LoadRecord[], from: number, to: number) {
  const bad = records.filter(([, , , status]) => status !== 200);
  if (bad.length > 0) {
    throw new Error(
      `background load: ${bad.length} answers not 200 (${[...new Set(bad.map((r) => r[3]))].join(', ')})`,
    );
  }
  return API_CASES.map((_, index) => {
    const latencies = records
      .filter(([c, start, end]) => c === index && start < to && end > from)
      .map(([, start, end]) => end - start);
    return { p99: p99(latencies), n: latencies.length };
  });
}

/** Samples sessions waiting on a lock in the database of `url` every 50 ms; the longest wait seen wins. */
function startLockSampler(url: string) {
  const client = new pg.Client({ connectionString: url });
  let stopped = false;
  let longest = { ms: 0, query: '' };
  let samples = 0;
  const running = (async () => {
    await client.connect();
    while (!stopped) {
      const result = await client.query<{ waited_ms: number; query: string }>(
        `select extract(epoch from clock_timestamp() - query_start) * 1000 as waited_ms, left(query, 100) as query
         from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const row of result.rows) {
        if (Number(row.waited_ms) > longest.ms) longest = { ms: Number(row.waited_ms), query: row.query };
      }
      await sleep(50);
    }
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return { ...longest, samples };
    },
  };
}

export interface BackgroundOptions {
  /** Seconds of load without the job (the baseline). */
  duration: number;
  dataDir: string;
  log: (line: string) => void;
  /** Only these cases (names), or all. */
  wanted: (name: string) => boolean;
}

/** Runs each background case on the small copy, then on the full copy under API load. */
export async function measureBackground(
  small: JobSide,
  full: JobSide,
  options: BackgroundOptions,
): Promise<BackgroundResult[]> {
  const results: BackgroundResult[] = [];
  const fake = await startFakePaypal();
  const mails = captureMailer();
  try {
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: options.dataDir,
      AUTH_SECRET,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_DIGEST_INTERVAL_MINUTES: '60',
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE: fake.url,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
    });
    for (const c of CASES.filter((c) => options.wanted(`background ${c.name}`))) {
      const definition = JOB_DEFINITIONS.find((job) => job.name === c.job);
      if (!definition) throw new Error(`no job ${c.job}`);
      const intervalSeconds = cronIntervalSeconds(definition.cron);
      const runOn = async (side: JobSide, underLoad: boolean) => {
        const adminUserId = String(
          (await rows<{ id: string }>(side.handle, `select id from users where role = 'admin' limit 1`))[0]
            ?.id,
        );
        const tools: Tools = { fake, mails, adminUserId };
        mails.sent.length = 0;
        const due = await c.prepare(side, tools);
        const platforms = (
          await rows<{ platform: string }>(
            side.handle,
            'select distinct platform from content_metric_fetches',
          )
        ).map((r) => r.platform);
        const { logger, lines } = recordingLogger();
        const ctx: JobContext = {
          handle: side.handle,
          env,
          logger,
          mailer: mails,
          paypal: createPaypalClient(env.paypal!, { timeoutMs: 10_000 }),
          metricsSources: instantSources(platforms),
          files: localFileStore(env.dataDir),
        };
        let baseline: Array<{ p99: number; n: number }> = [];
        let load: ReturnType<typeof startLoad> | null = null;
        if (underLoad) {
          const before = startLoad(side, 10);
          await sleep(500);
          const from = clock();
          await sleep(options.duration * 1000);
          baseline = p99PerCase(await before.stop(), from, clock());
          load = startLoad(side, 10);
          await sleep(500);
        }
        const sampler = startLockSampler(side.dataset.url);
        const started = clock();
        await definition.run(ctx);
        const ended = clock();
        const failed = lines.find((line) => Number(line.level) >= 50);
        if (failed) throw new Error(`${c.name}: the job logged an error: ${JSON.stringify(failed)}`);
        let during: Array<{ p99: number; n: number }> = [];
        if (load) {
          await sleep(200);
          during = p99PerCase(await load.stop(), started, ended);
        }
        const lock = await sampler.stop();
        const handled = await c.handled(side, lines, tools);
        return { due, seconds: (ended - started) / 1000, handled, baseline, during, lock, lines, tools };
      };
      const smallRun = await runOn(small, false);
      options.log(
        `background ${c.name} (small): ${smallRun.handled} rows in ${smallRun.seconds.toFixed(2)} s; ${smallRun.due}`,
      );
      const fullRun = await runOn(full, true);
      const api = API_CASES.map((apiCase, index) => {
        const without = fullRun.baseline[index]?.p99 ?? 0;
        const withJob = fullRun.during[index]?.p99 ?? 0;
        return {
          name: apiCase.name,
          p99Without: without,
          p99During: withJob,
          requestsDuring: fullRun.during[index]?.n ?? 0,
          pass: withJob - without <= MAX_EXTRA_MS,
        };
      });
      const perRow = (run: { seconds: number; handled: number }) => run.seconds / Math.max(run.handled, 1);
      const result: BackgroundResult = {
        name: `background ${c.name}`,
        job: c.job,
        intervalSeconds,
        due: fullRun.due,
        small: { rows: smallRun.handled, seconds: smallRun.seconds },
        rows: fullRun.handled,
        seconds: fullRun.seconds,
        rowsPerSecond: fullRun.handled / Math.max(fullRun.seconds, 0.001),
        intervalPass: fullRun.seconds < intervalSeconds / 4,
        perRowRatio: perRow(fullRun) / Math.max(perRow(smallRun), 1e-9),
        api,
        apiPass: api.every((a) => a.pass),
        lockWaitMs: fullRun.lock.ms,
        lockWaiter: fullRun.lock.query,
        detail: `${c.detail(fullRun.lines, fullRun.tools)}; due: ${fullRun.due}`,
      };
      results.push(result);
      options.log(
        `${result.name}: ${result.rows} rows in ${result.seconds.toFixed(2)} s (${result.rowsPerSecond.toFixed(0)}/s), ` +
          `interval ${intervalSeconds} s; ${result.detail}; API p99 without/with: ` +
          `${api.map((a) => `${a.name} ${a.p99Without.toFixed(0)}/${a.p99During.toFixed(0)} (${a.requestsDuring})`).join(', ')}; ` +
          `longest lock wait ${result.lockWaitMs.toFixed(0)} ms ${result.lockWaiter} (${fullRun.lock.samples} samples)`,
      );
    }
  } finally {
    await fake.close();
  }
  return results;
}

export function backgroundTable(results: BackgroundResult[]): string {
  const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const lines = results.map((r) => {
    const api = r.api.map((a) => `${a.p99Without.toFixed(0)}/${a.p99During.toFixed(0)}`).join(' ');
    return (
      `| ${r.name} | ${r.small.rows} | ${r.small.seconds.toFixed(2)} | ${r.rows} | ${r.seconds.toFixed(2)} | ` +
      `${r.rowsPerSecond.toFixed(0)} | ${r.perRowRatio.toFixed(2)} | ${r.intervalSeconds} | ${pass(r.intervalPass)} | ` +
      `${api} | ${pass(r.apiPass)} | ${r.lockWaitMs.toFixed(0)} |`
    );
  });
  return [
    `| job | small rows | small s | full rows | full s | rows/s | s per row full/small | interval s | < 1/4 interval | API p99 ms without/with (${API_CASES.map((c) => c.name).join(', ')}) | +100 ms | longest lock wait ms |`,
    '|:---|---:|---:|---:|---:|---:|---:|---:|---:|:---|---:|---:|',
    ...lines,
  ].join('\n');
}
