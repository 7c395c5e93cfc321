/**
 * `npm run bench:tracking`: a burst of EasyPost tracking webhooks (issue 38). The app (createApp, PGlite in memory,
 * or PostgreSQL in a schema of its own when TEST_DATABASE_URL is set) listens on a loopback port with the EasyPost
 * stand-in (tests/support/fake-easypost.ts) as its tracking service. BOXES creators each get a PR box shipped
 * through the API (registered with the stand-in); each tracker then moves through EVENTS_PER_BOX scans (in transit
 * …, out for delivery, delivered), each a signed Event. All BOXES × EVENTS_PER_BOX Events (10,000 by default) are
 * shuffled (so older states arrive after newer ones) and POSTed to /api/webhooks/easypost, CONCURRENCY at a time,
 * over real HTTP; each acknowledgement's time is measured. Then the tracking-events job runs (WORKERS at once, as two
 * instances would) until nothing is left, and REPEATS of the Events are sent again and the job run again.
 *
 * Checked, or the run fails: every webhook answered 200, none seen as a repeat in the burst and every repeat seen as
 * one; every Event kept once and applied; every box delivered at its carrier delivered scan time, by the carrier;
 * each creator told once (one 'box delivered' notification, one mail); the repeats applied nothing.
 * Prints the acknowledgement latency (p50/p99/max), the burst's rate, the job's time, and the machine's load.
 *
 * Knobs: BOXES (200), EVENTS_PER_BOX (50), CONCURRENCY (50), WORKERS (2), REPEATS (1000), WARMUP (300 Events of an
 * unknown tracker sent first, not counted in the figures; the job sets them aside), PROFILE (a file: the server's CPU
 * profile of the burst).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { and, count, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { applications } from '../src/db/schema/applications';
import { notifications } from '../src/db/schema/notifications';
import { trackingWebhookEvents } from '../src/db/schema/shipping';
import type { createAuth } from '../src/server/auth/auth';
import type { createApp } from '../src/server/http/app';
import { upsertAdmin } from '../src/server/services/admin-accounts';
import { applyTrackingEvents } from '../src/server/services/tracking/tracking-events';
import { postJson, signInAdmin } from '../tests/support/auth-client';
import { captureMailer } from '../tests/support/capture-mailer';
import { createReadyCreator } from '../tests/support/creators';
import { insertCampaign } from '../tests/support/factories';
import type { startFakeEasypost } from '../tests/support/fake-easypost';
import { testServices } from '../tests/support/services';
import type { createTestDatabase } from '../tests/support/test-database';
import { startTrackedApp } from '../tests/support/tracked-app';
import { numberEnv } from './env';

const BOXES = Math.round(numberEnv('BOXES', 200));
const EVENTS_PER_BOX = Math.max(3, Math.round(numberEnv('EVENTS_PER_BOX', 50)));
const CONCURRENCY = Math.round(numberEnv('CONCURRENCY', 50));
const WORKERS = Math.round(numberEnv('WORKERS', 2));
const REPEATS = Math.round(numberEnv('REPEATS', 1000));
const WARMUP = Math.round(numberEnv('WARMUP', 300));
const ADMIN = { email: 'bench-ops@mintbox.test', password: 'bench admin password 2026' };

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

class BenchFailure extends Error {}

function fail(message: string): never {
  throw new BenchFailure(message);
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

type Signed = { body: string; headers: Record<string, string> };
type Sent = { status: number; repeated: boolean; ms: number };

/** The load client: a child process (bench/tracking-burst-child.ts), started on first use, ended by main. */
let client: ChildProcess | null = null;
const scratch = mkdtempSync(join(tmpdir(), 'bench-tracking-'));

/**
 * POSTs the bodies CONCURRENCY at a time from the child; answers each one's status, repeated flag and
 * milliseconds, the burst's seconds, and the CPU milliseconds this process (the server) and the client used.
 */
async function burst(url: string, bodies: Signed[]) {
  const file = join(scratch, 'bodies.jsonl');
  writeFileSync(file, `${bodies.map((b) => JSON.stringify(b)).join('\n')}\n`);
  client ??= fork(fileURLToPath(new URL('./tracking-burst-child.ts', import.meta.url)));
  const child = client;
  const cpu = process.cpuUsage();
  const answer = await new Promise<{
    result?: { results: Sent[]; seconds: number; clientCpuMs: number };
    error?: string;
  }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the load client ended (${code})`)));
    child.send({ url, file, concurrency: CONCURRENCY });
  });
  child.removeAllListeners('exit');
  const used = process.cpuUsage(cpu);
  if (!answer.result) fail(answer.error ?? 'the load client answered nothing');
  return { ...answer.result, serverCpuMs: (used.user + used.system) / 1000 };
}

/**
 * pg_trgm in public, as the tests' global setup makes it: outside vitest the first migration would otherwise put it
 * in the bench's schema (and dropping that schema would take it from every other one).
 */
async function trigramInPublic(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    const where = await client.query<{ schema: string }>(
      "select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'",
    );
    if (where.rows[0]?.schema !== 'public') fail(`pg_trgm is in schema ${where.rows[0]?.schema}, not public`);
  } finally {
    await client.end();
  }
}

/** The bench's schema is dropped at the end (no global teardown runs outside vitest). */
async function dropSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** With PROFILE=file.cpuprofile, the server's CPU profile of the burst alone (open it in Chrome's DevTools). */
async function startProfile(): Promise<() => Promise<void>> {
  const file = process.env.PROFILE;
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

async function main() {
  const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const loadBefore = loadavg();
  // The boxes are registered three days ago (the stand-in's clock), the carrier scans them two days ago.
  if (process.env.TEST_DATABASE_URL) await trigramInPublic(process.env.TEST_DATABASE_URL);
  const mailer = captureMailer();
  const {
    fake: easypost,
    database,
    app,
    auth,
  } = await startTrackedApp(driver, { mailer, now: () => new Date(Date.now() - 3 * 86_400_000) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  // Idle keep-alive connections stay open longer than the client's, so a slow turn does not close one under a request.
  Object.assign(server, { keepAliveTimeout: 60_000, headersTimeout: 65_000 });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  try {
    await run({ app, auth, database, easypost, base, mailer, loadBefore, driver });
  } finally {
    client?.kill();
    rmSync(scratch, { recursive: true, force: true });
    server.close();
    await database.destroy();
    if (database.migrationsSchema)
      await dropSchema(process.env.TEST_DATABASE_URL!, database.migrationsSchema);
    await easypost.close();
  }
}

interface Bench {
  app: ReturnType<typeof createApp>;
  auth: ReturnType<typeof createAuth>;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  easypost: Awaited<ReturnType<typeof startFakeEasypost>>;
  base: string;
  mailer: ReturnType<typeof captureMailer>;
  loadBefore: number[];
  driver: string;
}

/** The run itself: setup, burst, job, repeats, checks and figures (main cleans up after it). */
async function run({ app, auth, database, easypost, base, mailer, loadBefore, driver }: Bench) {
  // BOXES creators accepted on one gifting campaign, each box shipped through the API (registered with the stand-in).
  await upsertAdmin(database.db, auth, { ...ADMIN, name: 'Bench Ops' });
  const admin = await signInAdmin(app, ADMIN.email, ADMIN.password);
  const campaign = await insertCampaign(database.db, {
    name: 'Tracked Bench Campaign',
    status: 'active',
    type: 'gifting',
    deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    followersRequired: 0,
  });
  // Each sign-up from an address of its own (the sign-up limit is per address), as creators are.
  const fromAnywhere = {
    request: (path: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', `10.8.${Math.floor(signUps / 250) % 250}.${(signUps % 250) + 1}`);
      signUps += 1;
      return app.request(path, { ...init, headers });
    },
  } as Pick<typeof app, 'request'>;
  let signUps = 0;
  const trackingCodes: string[] = [];
  for (let i = 0; i < BOXES; i += 1) {
    const person = await createReadyCreator(fromAnywhere, database.db, {
      email: `bench-box${i}@example.com`,
    });
    const applied = await postJson(app, `/api/campaigns/${campaign.id}/applications`, {}, person.cookie);
    const id = ((await applied.json()) as { id: number }).id;
    const accepted = await postJson(app, `/api/admin/applications/${id}/accept`, {}, admin);
    const code = `94001000000000${String(i).padStart(8, '0')}`;
    const shipped = await postJson(
      app,
      `/api/admin/applications/${id}/shipment`,
      { carrier: 'USPS', trackingNumber: code },
      admin,
    );
    if (accepted.status !== 200 || shipped.status !== 200) fail(`box ${i} could not be shipped`);
    trackingCodes.push(code);
  }
  if (easypost.trackers.size !== BOXES) fail(`${easypost.trackers.size} trackers registered, not ${BOXES}`);

  // Every tracker's scans, two days ago, a minute apart: in transit …, out for delivery, delivered.
  const start = Date.now() - 2 * 86_400_000;
  const deliveredAt = new Date(start + (EVENTS_PER_BOX - 1) * 60_000).toISOString();
  const bodies: Signed[] = [];
  for (const tracker of easypost.trackers.values()) {
    for (let step = 0; step < EVENTS_PER_BOX; step += 1) {
      const status =
        step === EVENTS_PER_BOX - 1
          ? 'delivered'
          : step === EVENTS_PER_BOX - 2
            ? 'out_for_delivery'
            : 'in_transit';
      const event = easypost.advance(String(tracker.id), {
        status,
        message: `${status} scan ${step + 1}`,
        at: new Date(start + step * 60_000).toISOString(),
        city: 'Austin',
        state: 'TX',
      });
      const body = JSON.stringify(event);
      bodies.push({ body, headers: easypost.sign(body) });
    }
  }
  shuffle(bodies);

  // Warm-up (not counted): WARMUP signed Events of a tracker nobody ships, so the figures are not the first calls'.
  const webhook = `${base}/api/webhooks/easypost`;
  const warm = Array.from({ length: WARMUP }, (_, i) => {
    const body = JSON.stringify({
      id: `evt_warmup_${i}`,
      object: 'Event',
      mode: 'test',
      description: 'tracker.updated',
      result: { ...[...easypost.trackers.values()][0], id: 'trk_warmup' },
    });
    return { body, headers: easypost.sign(body) };
  });
  if ((await burst(webhook, warm)).results.some((r) => r.status !== 200)) fail('the warm-up was refused');
  const stopProfile = await startProfile();
  const sent = await burst(webhook, bodies);
  await stopProfile();
  const latencies = sent.results.map((r) => r.ms).sort((a, b) => a - b);
  const refused = sent.results.filter((r) => r.status !== 200).length;
  const seenRepeated = sent.results.filter((r) => r.repeated).length;
  if (refused) fail(`${refused} webhooks were not answered 200`);
  if (seenRepeated) fail(`${seenRepeated} distinct Events were answered as repeats`);

  const services = testServices({ db: database.db, mailer, now: () => new Date() });
  const applyStarted = performance.now();
  let applied = 0;
  for (;;) {
    const runs = await Promise.all(Array.from({ length: WORKERS }, () => applyTrackingEvents(services)));
    const round = runs.reduce((sum, r) => sum + r.applied, 0);
    applied += round;
    if (round === 0) break;
  }
  const applySeconds = (performance.now() - applyStarted) / 1000;

  const again = await burst(webhook, shuffle([...bodies]).slice(0, REPEATS));
  if (again.results.some((r) => r.status !== 200 || !r.repeated))
    fail('a repeated Event was not answered as one');
  const reapplied = (await applyTrackingEvents(services)).applied;

  const total = BOXES * EVENTS_PER_BOX;
  const [kept] = await database.db.select({ n: count() }).from(trackingWebhookEvents);
  const [pending] = await database.db
    .select({ n: count() })
    .from(trackingWebhookEvents)
    .where(isNull(trackingWebhookEvents.appliedAt));
  const boxes = await database.db
    .select({
      status: applications.status,
      deliveredAt: applications.deliveredAt,
      deliveredBy: applications.deliveredBy,
      carrierStatus: applications.carrierStatus,
    })
    .from(applications)
    .where(eq(applications.campaignId, campaign.id));
  const [told] = await database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.kind, 'box_delivered')));
  const deliveredMails = mailer.sent.filter((m) => m.subject.startsWith('Your PR box was delivered')).length;
  const wrong = boxes.filter(
    (b) =>
      b.status !== 'delivered' ||
      b.deliveredBy !== 'carrier' ||
      b.carrierStatus !== 'delivered' ||
      b.deliveredAt?.toISOString() !== deliveredAt,
  );
  if (kept!.n !== total + WARMUP) fail(`${kept!.n} Events kept, not ${total} + ${WARMUP} warm-up`);
  if (pending!.n !== 0 || applied !== total + WARMUP)
    fail(`${applied} applied, ${pending!.n} left, of ${total}`);
  if (reapplied !== 0) fail(`${reapplied} repeats were applied again`);
  if (wrong.length) fail(`${wrong.length} boxes are not delivered at the carrier's time by the carrier`);
  if (told!.n !== BOXES || deliveredMails !== BOXES) {
    fail(`${told!.n} delivered notifications and ${deliveredMails} mails for ${BOXES} boxes`);
  }

  const loadAfter = loadavg();
  console.log(
    `Tracking webhooks on ${driver}: ${BOXES} boxes × ${EVENTS_PER_BOX} Events = ${total}, shuffled`,
  );
  console.log(
    `  burst: ${total} POSTs, ${CONCURRENCY} at a time, in ${sent.seconds.toFixed(1)} s (${Math.round(total / sent.seconds)}/s), all 200, none a repeat`,
  );
  console.log(
    `  acknowledgement: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? 0)} (target p99 < 50 ms: ${percentile(latencies, 99) < 50 ? 'PASS' : 'MISS'})`,
  );
  console.log(
    `  CPU per acknowledgement: server ${(sent.serverCpuMs / total).toFixed(3)} ms, load client (its own process) ${(sent.clientCpuMs / total).toFixed(3)} ms`,
  );
  console.log(
    `  job: ${applied} Events (${WARMUP} of them the warm-up's) applied by ${WORKERS} workers in ${applySeconds.toFixed(1)} s (${Math.round(applied / applySeconds)}/s); ${BOXES} boxes delivered at the carrier's time, ${told!.n} notifications, ${deliveredMails} mails`,
  );
  console.log(`  repeats: ${REPEATS} sent again, all answered as repeats, ${reapplied} applied`);
  console.log(
    `  machine: ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after${loadBefore[0]! > cpus().length ? ' (LOADED: figures are pessimistic)' : ''}`,
  );
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof BenchFailure ? `FAIL: ${error.message}` : error);
    process.exit(1);
  },
);
