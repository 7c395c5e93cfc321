/**
 * `npm run bench:soak`: the production server (dist/server/index.js, built if missing) in a process of its own on a
 * loopback port, driven for SOAK_DURATION seconds by SOAK_USERS closed-loop virtual users doing what people do:
 * browse, search, view a campaign, sign in, apply, and on the admin side review, approve, ship and approve content;
 * creators confirm delivery, post content, look at their wallet and redeem Mint.
 * Reports throughput, errors (must be 0), p50/p99 per operation, and the server's memory (from its own
 * /api/metrics) right after the warm-up and at the end (growth must stay under 10 %). See bench/README.md.
 *
 * PostgreSQL when DATABASE_URL is set (a `bench_soak_…` database of its own on that server, dropped at the end),
 * otherwise PGlite in a temporary folder. Only 127.0.0.1 is ever contacted; every loop stops at the deadline and
 * after SOAK_MAX_OPS operations in all.
 *
 * Knobs: SOAK_DURATION (s, 60), SOAK_WARMUP (s, a fifth of the duration, at most 60), SOAK_USERS (8),
 * SOAK_CREATORS (24), SOAK_CAMPAIGNS (12), SOAK_SAMPLE (s between memory readings under load, 5), SOAK_MAX_OPS
 * (5000000).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../tests/support/free-port';
import { callServer, type HttpAnswer, type HttpCallOptions } from '../tests/support/http-call';
import { startSmtpServer } from '../tests/support/smtp-server';
import { numberEnv } from './env';

const DURATION_S = numberEnv('SOAK_DURATION', 60);
const WARMUP_S = numberEnv('SOAK_WARMUP', Math.min(60, DURATION_S / 5));
const USERS = Math.round(numberEnv('SOAK_USERS', 8));
const CREATORS = Math.round(numberEnv('SOAK_CREATORS', 24));
const CAMPAIGNS = Math.round(numberEnv('SOAK_CAMPAIGNS', 12));
const SAMPLE_S = numberEnv('SOAK_SAMPLE', 5);
const MAX_OPS = Math.round(numberEnv('SOAK_MAX_OPS', 5_000_000));
const BASE_DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'soak-latest.json');
const ADMIN = {
  email: 'soak-admin@mintbox.test',
  username: 'soak-admin',
  password: 'soak admin password 2026',
};
const PASSWORD = 'soak creator password';
const METRICS_TOKEN = randomBytes(24).toString('hex');
const SEARCH_WORDS = ['serum', 'glow', 'sneaker', 'coffee', 'fitness', 'travel', 'soak', 'gaming', 'zzzz'];

type OpName =
  | 'browse'
  | 'search'
  | 'view'
  | 'sign-in'
  | 'apply'
  | 'review'
  | 'approve'
  | 'ship'
  | 'deliver'
  | 'submit'
  | 'approve content'
  | 'wallet'
  | 'redeem'
  | 'create campaign';

/** How often each operation is picked; one whose turn cannot come yet (nothing to approve…) browses instead. */
const WEIGHTS: Array<[OpName, number]> = [
  ['browse', 24],
  ['search', 16],
  ['view', 12],
  ['sign-in', 4],
  ['apply', 10],
  ['review', 6],
  ['approve', 6],
  ['ship', 5],
  ['deliver', 5],
  ['submit', 5],
  ['approve content', 5],
  ['wallet', 4],
  ['redeem', 3],
];

interface Creator {
  email: string;
  cookie: string;
  applied: Set<number>;
  balance: number;
}

interface Application {
  id: number;
  creator: Creator;
  submissionId?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The server under test

interface Server {
  url: string;
  child: ChildProcess;
  logFile: string;
  dataDir: string;
  exited: Promise<number | null>;
}

async function startServer(databaseUrl: string | undefined, smtpUrl: string): Promise<Server> {
  if (
    !existsSync(path.join(ROOT, 'dist/server/index.js')) ||
    !existsSync(path.join(ROOT, 'dist/web/index.html'))
  ) {
    console.log('Building (dist/ is missing)…');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-soak-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  const url = `http://127.0.0.1:${port}`;
  // SIGUSR2 makes the server write a heap snapshot, which first runs a full collection: see settledMemory().
  const nodeFlags = ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dataDir}`];
  const child = spawn(process.execPath, [...nodeFlags, path.join(ROOT, 'dist/server/index.js')], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      SMTP_URL: smtpUrl,
      METRICS_TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited at start; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).status === 200)
        return { url, child, logFile, dataDir, exited };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within 120 s; see ${logFile}`);
}

async function scratchPostgres(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let ipCounter = 0;
/** A new client address per call where rate limits apply per address (TRUST_PROXY is on): 100.64.0.0/10. */
const nextIp = () => {
  ipCounter += 1;
  return `100.${64 + ((ipCounter >> 16) & 63)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

type Answer = HttpAnswer;

/** Calls the server under soak from its own origin. */
class Client {
  constructor(readonly base: string) {}

  call(method: string, route: string, options: HttpCallOptions = {}): Promise<Answer> {
    return callServer(this.base, method, route, { ip: '100.127.0.1', ...options });
  }
}

class UnexpectedAnswer extends Error {}

function expectStatus(answer: Answer, ...expected: number[]): Answer {
  if (!expected.includes(answer.status)) {
    throw new UnexpectedAnswer(`HTTP ${answer.status}: ${JSON.stringify(answer.body)?.slice(0, 200)}`);
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------------------------
// Setup: an admin, campaigns for the soak, creators who are verified and have a profile

function campaignInput(n: number) {
  return {
    name: `Soak Campaign ${n}`,
    brand: 'Soak Brand',
    platform: 'instagram',
    type: 'gifting_paid',
    description: 'A campaign made by the soak run.',
    requirements: ['One post'],
    deadline: '2099-12-01',
    reward: 50,
    followersRequired: 0,
    status: 'active',
    budget: '5000',
    reach: 10000,
    imageUrl: '/images/campaigns/beauty-serum.svg',
    tags: ['Beauty'],
  };
}

async function setUp(client: Client, smtp: Awaited<ReturnType<typeof startSmtpServer>>) {
  const admin = expectStatus(
    await client.call('POST', '/api/auth/admin-sign-in', {
      body: { username: ADMIN.username, password: ADMIN.password },
      ip: nextIp(),
    }),
    200,
  ).cookie;
  const campaigns: number[] = [];
  for (let n = 1; n <= CAMPAIGNS; n += 1) {
    const created = expectStatus(
      await client.call('POST', '/api/admin/campaigns', { body: campaignInput(n), cookie: admin }),
      201,
    );
    campaigns.push(created.body?.id as number);
  }
  const creators: Creator[] = [];
  for (let n = 0; n < CREATORS; n += 1) {
    const email = `soak${n}@example.com`;
    expectStatus(
      await client.call('POST', '/api/auth/sign-up/email', {
        body: { email, password: PASSWORD, name: `Soak Creator ${n}` },
        ip: nextIp(),
      }),
      200,
    );
    // A sign-up starts no session (it answers alike for a registered address): sign in.
    const cookie = expectStatus(
      await client.call('POST', '/api/auth/sign-in/email', {
        body: { email, password: PASSWORD },
        ip: nextIp(),
      }),
      200,
    ).cookie;
    expectStatus(
      await client.call('POST', '/api/send-verification', { body: { email }, cookie, ip: nextIp() }),
      200,
    );
    const mail = await smtp.waitForMail(email);
    expectStatus(
      await client.call('POST', '/api/verify-email', {
        body: { email, code: mail.code },
        cookie,
        ip: nextIp(),
      }),
      200,
    );
    expectStatus(
      await client.call('POST', '/api/complete-profile', {
        cookie,
        ip: nextIp(),
        body: {
          firstName: 'Soak',
          lastName: `Creator${n}`,
          email,
          paypalEmail: `soak${n}.pay@example.com`,
          phoneNumber: '(415) 555-0134',
          primaryCategory: 'Beauty',
          secondaryCategory: 'Fashion',
          instagramHandle: `@soak${n}`,
          instagramFollowers: 5000 + n,
          fullName: `Soak Creator ${n}`,
          addressLine1: '1 Market St',
          city: 'San Francisco',
          state: 'CA',
          zipCode: '94105',
          shippingPhone: '415-555-0134',
        },
      }),
      200,
    );
    creators.push({ email, cookie, applied: new Set(), balance: 0 });
  }
  smtp.messages.length = 0;
  return { admin, campaigns, creators };
}

// ---------------------------------------------------------------------------------------------------------------
// Measurements

interface OpStats {
  latencies: number[];
  count: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface MemorySample {
  atS: number;
  rssMb: number;
  heapMb: number;
}

async function readMemory(base: string): Promise<{ rssMb: number; heapMb: number }> {
  const text = await (
    await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    rssMb: value('mintbox_process_resident_memory_bytes') / 1_048_576,
    heapMb: value('mintbox_nodejs_heap_size_used_bytes') / 1_048_576,
  };
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const machineAtStart = {
    cores: cpus().length,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  };
  console.log(
    `Soak: ${DURATION_S} s (${WARMUP_S} s warm-up), ${USERS} users, ${CREATORS} creators, ` +
      `${BASE_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; load average ${machineAtStart.loadAverage.join(' ')} on ${machineAtStart.cores} cores`,
  );
  const smtp = await startSmtpServer();
  const database = BASE_DATABASE_URL ? await scratchPostgres(BASE_DATABASE_URL) : undefined;
  let server: Server | undefined;
  try {
    server = await startServer(database?.url, smtp.url);
    const client = new Client(server.url);
    const state = await setUp(client, smtp);
    const { admin, campaigns, creators } = state;
    console.log(`Set up: ${campaigns.length} campaigns, ${creators.length} creators`);

    const pending: Application[] = [];
    const accepted: Application[] = [];
    const shipped: Application[] = [];
    const delivered: Application[] = [];
    const submitted: Application[] = [];
    let campaignNumber = campaigns.length;
    let firstPageCursor: string | null = null;

    const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
    const take = <T>(items: T[]): T | undefined =>
      items.length ? items.splice(Math.floor(Math.random() * items.length), 1)[0] : undefined;

    /** Runs one operation; returns the name it was recorded under. */
    const operations: Record<OpName, () => Promise<OpName>> = {
      browse: async () => {
        const route =
          firstPageCursor && Math.random() < 0.5
            ? `/api/campaigns?cursor=${firstPageCursor}`
            : '/api/campaigns';
        const answer = expectStatus(await client.call('GET', route), 200);
        if (route === '/api/campaigns') firstPageCursor = (answer.body?.nextCursor as string | null) ?? null;
        return 'browse';
      },
      search: async () => {
        const platform = Math.random() < 0.3 ? '&platform=instagram' : '';
        expectStatus(await client.call('GET', `/api/campaigns?q=${pick(SEARCH_WORDS)}${platform}`), 200);
        return 'search';
      },
      view: async () => {
        expectStatus(await client.call('GET', `/api/campaigns/${pick(campaigns)}`), 200);
        return 'view';
      },
      'sign-in': async () => {
        const creator = pick(creators);
        const answer = expectStatus(
          await client.call('POST', '/api/auth/sign-in/email', {
            body: { email: creator.email, password: PASSWORD },
            ip: nextIp(),
          }),
          200,
        );
        creator.cookie = answer.cookie;
        return 'sign-in';
      },
      apply: async () => {
        const creator = pick(creators);
        const campaignId = campaigns.find((id) => !creator.applied.has(id));
        if (campaignId === undefined) {
          campaignNumber += 1;
          const created = expectStatus(
            await client.call('POST', '/api/admin/campaigns', {
              body: campaignInput(campaignNumber),
              cookie: admin,
            }),
            201,
          );
          campaigns.push(created.body?.id as number);
          return 'create campaign';
        }
        creator.applied.add(campaignId);
        const answer = expectStatus(
          await client.call('POST', `/api/campaigns/${campaignId}/applications`, {
            body: { pitch: 'Soak pitch' },
            cookie: creator.cookie,
          }),
          201,
        );
        pending.push({ id: answer.body?.id as number, creator });
        return 'apply';
      },
      review: async () => {
        expectStatus(
          await client.call('GET', `/api/admin/campaigns/${pick(campaigns)}/applications`, { cookie: admin }),
          200,
        );
        return 'review';
      },
      approve: async () => {
        const application = take(pending);
        if (!application) return operations.browse();
        expectStatus(
          await client.call('POST', `/api/admin/applications/${application.id}/accept`, {
            body: { message: 'Welcome' },
            cookie: admin,
          }),
          200,
        );
        accepted.push(application);
        return 'approve';
      },
      ship: async () => {
        const application = take(accepted);
        if (!application) return operations.browse();
        expectStatus(
          await client.call('POST', `/api/admin/applications/${application.id}/shipment`, {
            body: { carrier: 'UPS', trackingNumber: `1ZSOAK${application.id}` },
            cookie: admin,
          }),
          200,
        );
        shipped.push(application);
        return 'ship';
      },
      deliver: async () => {
        const application = take(shipped);
        if (!application) return operations.browse();
        expectStatus(
          await client.call('POST', `/api/applications/${application.id}/delivery`, {
            body: { action: 'confirm' },
            cookie: application.creator.cookie,
          }),
          200,
        );
        delivered.push(application);
        return 'deliver';
      },
      submit: async () => {
        const application = take(delivered);
        if (!application) return operations.browse();
        const answer = expectStatus(
          await client.call('POST', `/api/applications/${application.id}/submissions`, {
            body: { urls: [`https://www.instagram.com/p/soak${application.id}`] },
            cookie: application.creator.cookie,
          }),
          201,
        );
        application.submissionId = answer.body?.id as number;
        submitted.push(application);
        return 'submit';
      },
      'approve content': async () => {
        const application = take(submitted);
        if (!application) return operations.browse();
        expectStatus(
          await client.call('POST', `/api/admin/submissions/${application.submissionId}/approve`, {
            body: {},
            cookie: admin,
          }),
          200,
        );
        application.creator.balance += 50;
        return 'approve content';
      },
      wallet: async () => {
        expectStatus(await client.call('GET', '/api/me/wallet', { cookie: pick(creators).cookie }), 200);
        return 'wallet';
      },
      redeem: async () => {
        const creator = creators.find((c) => c.balance >= 50);
        if (!creator) return operations.wallet();
        creator.balance -= 50;
        expectStatus(
          await client.call('POST', '/api/me/payouts', {
            body: { amount: 50 },
            cookie: creator.cookie,
            headers: { 'idempotency-key': randomUUID() },
          }),
          200,
          201,
        );
        return 'redeem';
      },
      'create campaign': async () => 'create campaign',
    };

    const totalWeight = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
    const chooseOp = (): OpName => {
      let roll = Math.random() * totalWeight;
      for (const [name, weight] of WEIGHTS) {
        roll -= weight;
        if (roll < 0) return name;
      }
      return 'browse';
    };

    const stats = new Map<OpName, OpStats>();
    const record = (name: OpName, ms: number, measured: boolean, failed: boolean) => {
      let entry = stats.get(name);
      if (!entry) {
        entry = { latencies: [], count: 0, errors: 0 };
        stats.set(name, entry);
      }
      if (failed) entry.errors += 1;
      if (measured && !failed) {
        entry.count += 1;
        entry.latencies.push(ms);
      }
    };
    const errorSamples: string[] = [];

    const started = performance.now();
    let opsStarted = 0;
    const at = () => (performance.now() - started) / 1000;

    // Readings all along (kept in the results file to show the trend), every SAMPLE_S seconds.
    const memory: MemorySample[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        try {
          memory.push({ atS: at(), ...(await readMemory(server!.url)) });
        } catch (error) {
          errorSamples.push(`memory reading: ${String(error)}`);
        }
        await sleep(SAMPLE_S * 1000);
      }
    })();

    /** The users' loops until `until` (performance.now() time); their operations count when `measured`. */
    const runUsers = (until: number, measured: boolean) =>
      Promise.all(
        Array.from({ length: USERS }, async () => {
          while (performance.now() < until && opsStarted < MAX_OPS) {
            opsStarted += 1;
            const chosen = chooseOp();
            const begin = performance.now();
            try {
              const done = await operations[chosen]();
              record(done, performance.now() - begin, measured, false);
            } catch (error) {
              record(chosen, performance.now() - begin, measured, true);
              if (errorSamples.length < 10) errorSamples.push(`${chosen}: ${String(error)}`);
            }
          }
        }),
      );

    /**
     * The server's memory with the load stopped, after a full garbage collection: under load, heap used swings by
     * tens of MB between collections. The collection is forced from outside with SIGUSR2 (the server was started with
     * --heapsnapshot-signal, and a heap snapshot starts with a full collection); the snapshot file is then deleted.
     */
    const settledMemory = async () => {
      const before = new Set(readdirSync(server!.dataDir));
      server!.child.kill('SIGUSR2');
      const waitStarted = performance.now();
      let snapshot: string | undefined;
      let size = -1;
      while (performance.now() - waitStarted < 120_000) {
        await sleep(500);
        snapshot ??= readdirSync(server!.dataDir).find((n) => n.endsWith('.heapsnapshot') && !before.has(n));
        if (!snapshot) continue;
        const now = statSync(path.join(server!.dataDir, snapshot)).size;
        if (now > 0 && now === size) break;
        size = now;
      }
      if (!snapshot) throw new Error('the server wrote no heap snapshot on SIGUSR2');
      const readings: Array<{ rssMb: number; heapMb: number }> = [];
      for (let n = 0; n < 3; n += 1) {
        readings.push(await readMemory(server!.url));
        await sleep(500);
      }
      rmSync(path.join(server!.dataDir, snapshot), { force: true });
      return {
        rssMb: Math.min(...readings.map((r) => r.rssMb)),
        heapMb: Math.min(...readings.map((r) => r.heapMb)),
      };
    };

    await runUsers(started + WARMUP_S * 1000, false);
    const startMemory = await settledMemory();
    const measuredStart = performance.now();
    await runUsers(measuredStart + (DURATION_S - WARMUP_S) * 1000, true);
    const measuredS = (performance.now() - measuredStart) / 1000;
    const endMemory = await settledMemory();
    sampling = false;
    await sampler;

    // The end: a graceful stop under no load, whose exit code is part of the result.
    server.child.kill('SIGTERM');
    const exitCode = await server.exited;
    const logLines = readFileSync(server.logFile, 'utf8').split('\n').filter(Boolean);
    const serverErrors = logLines.filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return false;
      }
    });

    // Report
    const rows = [...stats.entries()]
      .map(([name, entry]) => {
        const sorted = [...entry.latencies].sort((a, b) => a - b);
        return {
          operation: name,
          count: entry.count,
          perSecond: Math.round((entry.count / measuredS) * 10) / 10,
          p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
          p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
          maxMs: Math.round((sorted.at(-1) ?? Number.NaN) * 10) / 10,
          errors: entry.errors,
        };
      })
      .sort((a, b) => b.count - a.count);
    const totalOps = rows.reduce((sum, row) => sum + row.count, 0);
    const totalErrors = rows.reduce((sum, row) => sum + row.errors, 0);

    const growth = {
      rssPercent: (100 * (endMemory.rssMb - startMemory.rssMb)) / startMemory.rssMb,
      heapPercent: (100 * (endMemory.heapMb - startMemory.heapMb)) / startMemory.heapMb,
    };
    const machineAtEnd = { loadAverage: loadavg().map((l) => Math.round(l * 100) / 100) };

    console.log('');
    console.table(rows);
    console.log(
      `Total: ${totalOps} operations in ${measuredS.toFixed(0)} s after the warm-up = ${(totalOps / measuredS).toFixed(1)}/s; errors: ${totalErrors}`,
    );
    console.log(
      `Server memory after a full collection, load stopped, after the warm-up → at the end: ` +
        `RSS ${startMemory.rssMb.toFixed(1)} → ${endMemory.rssMb.toFixed(1)} MB (${growth.rssPercent.toFixed(1)} %), ` +
        `heap used ${startMemory.heapMb.toFixed(1)} → ${endMemory.heapMb.toFixed(1)} MB (${growth.heapPercent.toFixed(1)} %); ` +
        `under load the heap moved between ${Math.min(...memory.map((m) => m.heapMb)).toFixed(0)} and ` +
        `${Math.max(...memory.map((m) => m.heapMb)).toFixed(0)} MB`,
    );
    console.log(
      `Server: ${logLines.length} log lines, ${serverErrors.length} at error level; stopped with exit code ${exitCode}. ` +
        `Load average at the end ${machineAtEnd.loadAverage.join(' ')} on ${machineAtStart.cores} cores.`,
    );
    for (const sample of errorSamples) console.log(`  error: ${sample}`);
    for (const line of serverErrors.slice(0, 5)) console.log(`  server error: ${line.slice(0, 300)}`);

    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          settings: {
            DURATION_S,
            WARMUP_S,
            USERS,
            CREATORS,
            CAMPAIGNS,
            database: BASE_DATABASE_URL ? 'postgres' : 'pglite',
          },
          machine: { ...machineAtStart, loadAverageAtEnd: machineAtEnd.loadAverage },
          operations: rows,
          totalOps,
          totalErrors,
          measuredS,
          memory: { start: startMemory, end: endMemory, growth, samples: memory },
          serverErrorLines: serverErrors.length,
          exitCode,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Written: ${path.relative(ROOT, RESULTS_FILE)}`);

    const failed =
      totalErrors > 0 ||
      serverErrors.length > 0 ||
      exitCode !== 0 ||
      !(growth.rssPercent < 10) ||
      !(growth.heapPercent < 10);
    if (failed) {
      console.error('SOAK FAILED: errors, server errors, an unclean stop, or memory growth of 10 % or more');
      process.exitCode = 1;
    }
    rmSync(server.dataDir, { recursive: true, force: true });
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await smtp.close();
    await database?.drop();
  }
}

await main();
