import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate';
import { s3FileStore } from '../../src/server/integrations/file-storage/s3-file-store';
import { DATA_EXPORT, JOB_DEFINITIONS } from '../../src/server/jobs/jobs';
import { callServer, type HttpCallOptions } from '../support/http-call';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from '../support/test-database';
import { secretOf, totpCode } from '../support/totp';

/**
 * Two real server processes (the production bundle) on one PostgreSQL database and one S3-compatible bucket (a
 * local s3rver), as behind a load balancer: requests alternate between them. Needs TEST_DATABASE_URL (CI sets it);
 * PGlite serves one process only.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
if (!DATABASE_URL) {
  console.warn('fleet.test.ts skipped: set TEST_DATABASE_URL to run two instances on one PostgreSQL');
}

/** The public address both instances answer for (the load balancer's), as a real fleet shares one APP_URL. */
const APP_URL = 'http://mintbox.fleet.test';
const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'fleet admin password 2026' };
const METRICS_TOKEN = 'fleet-metrics-token-0123456789';

const CAMPAIGN = {
  name: 'Fleetcheck Glow Serum',
  brand: 'Lumiere',
  platform: 'instagram',
  type: 'gifting_paid',
  description: 'Show your morning routine.',
  requirements: ['One Reel'],
  deadline: '2099-07-01',
  reward: 40,
  followersRequired: 0,
  status: 'active',
  budget: '12000',
  reach: 500000,
  imageUrl: '/images/campaigns/beauty-serum.svg',
  tags: ['Beauty'],
};

describe.skipIf(!DATABASE_URL)('two instances on one PostgreSQL', () => {
  let database: ScratchPostgresDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let client: pg.Client;
  let s3: S3TestServer;

  const call = (server: ServerProcess, method: string, route: string, options: HttpCallOptions = {}) =>
    callServer(server.url, method, route, { ...options, origin: APP_URL });

  /**
   * The first admin (ADMIN_EMAIL) is an Owner, who acts only with a second factor (issue 39): signed in once on A,
   * enrolled as the enrolment page does, the session then used on both instances (sessions live in the database).
   */
  let adminSession: Promise<string> | undefined;
  const adminCookie = () => {
    adminSession ??= (async () => {
      const ip = '198.51.100.30';
      const signIn = await call(a, 'POST', '/api/auth/admin-sign-in', {
        body: { username: ADMIN.username, password: ADMIN.password },
        ip,
      });
      expect(signIn.status).toBe(200);
      const enable = await call(a, 'POST', '/api/auth/two-factor/enable', {
        body: { password: ADMIN.password },
        cookie: signIn.cookie,
        ip,
      });
      expect(enable.status).toBe(200);
      const secret = secretOf(enable.body?.totpURI as string);
      const verify = await call(a, 'POST', '/api/auth/two-factor/verify-totp', {
        body: { code: totpCode(secret) },
        cookie: signIn.cookie,
        ip,
      });
      expect(verify.status).toBe(200);
      return verify.cookie || signIn.cookie;
    })();
    return adminSession;
  };

  beforeAll(async () => {
    [database, s3] = await Promise.all([createScratchPostgresDatabase(), startS3Server()]);
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      APP_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN,
    };
    // Both start at once on the empty database: both migrate, both try to create the first admin.
    [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await s3?.close();
  });

  it('applies the migrations once when both start together, and makes one first admin', async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await client.query<{ n: number; hashes: number }>(
      'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
    const admins = await client.query<{ n: number }>(
      "select count(*)::int as n from users where role = 'admin'",
    );
    expect(admins.rows[0]?.n).toBe(1);
    for (const server of [a, b]) {
      const ready = await call(server, 'GET', '/api/health/ready');
      expect(ready.body).toEqual({ status: 'ready', db: 'ok', migrations: 'applied', shuttingDown: false });
    }
  });

  it('keeps a session made on one instance working on the other, and ends it on both', async () => {
    const signUp = await call(a, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'fleet@example.com', password: 'correct horse battery', name: 'Fleet Creator' },
      ip: '198.51.100.20',
    });
    expect(signUp.status).toBe(200);
    // Sign-up answers alike for new and registered addresses, so it starts no session: the creator signs in on A.
    const signIn = await call(a, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'fleet@example.com', password: 'correct horse battery' },
      ip: '198.51.100.20',
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.cookie;
    const onB = await call(b, 'GET', '/api/session', { cookie });
    expect((onB.body?.user as { email?: string } | null)?.email).toBe('fleet@example.com');

    expect((await call(b, 'POST', '/api/auth/sign-out', { body: {}, cookie })).status).toBe(200);
    expect((await call(a, 'GET', '/api/session', { cookie })).body).toEqual({ user: null });
  });

  it('counts rate limits across both instances', async () => {
    // The per-account password budget (5 wrong passwords, then a wait), whichever instance answers, from ever
    // new addresses so the per-address limits stay out of it.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      const answer = await call(server, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'guessed@example.com', password: `not the password ${attempt}` },
        ip: `203.0.113.${attempt + 1}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Sign-in per address (SIGN_IN_RATE_LIMIT, 10 a minute), counted across both instances too.
    const perAddress: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const answer = await call(attempt % 2 === 0 ? a : b, 'POST', '/api/auth/admin-sign-in', {
        body: { username: `nobody${attempt}`, password: 'not the password' },
        ip: '203.0.113.99',
      });
      perAddress.push(answer.status);
    }
    expect(perAddress.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(perAddress[10]).toBe(429);
    // Better Auth's own limiter (database storage) too: sign-up allows 5 a minute per address.
    const signUps: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await call(attempt % 2 === 0 ? a : b, 'POST', '/api/auth/sign-up/email', {
        body: { email: `limit${attempt}@example.com`, password: 'correct horse battery', name: 'Limit' },
        ip: '203.0.113.100',
      });
      signUps.push(answer.status);
    }
    expect(signUps).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('shows an admin change made on one instance on the other at once (LISTEN/NOTIFY, not the 10 s expiry)', async () => {
    const admin = await adminCookie();
    const totalOn = async (server: ServerProcess) =>
      (await call(server, 'GET', '/api/campaigns?q=fleetcheck')).body?.total as number;
    const becomes = async (server: ServerProcess, expected: number) => {
      const started = Date.now();
      while (Date.now() - started < 2000) {
        if ((await totalOn(server)) === expected) return Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`the total on ${server.url} did not become ${expected} within 2 s`);
    };

    // B counts (and caches) the matches for this search: none yet.
    expect(await totalOn(b)).toBe(0);
    const created = await call(a, 'POST', '/api/admin/campaigns', { body: CAMPAIGN, cookie: admin });
    expect(created.status).toBe(201);
    expect(await becomes(b, 1)).toBeLessThan(2000);

    // And the other way round: A caches the total, the admin deletes through B.
    expect(await totalOn(a)).toBe(1);
    const removed = await call(b, 'DELETE', `/api/admin/campaigns/${created.body?.id}`, { cookie: admin });
    expect(removed.status).toBe(204);
    expect(await becomes(a, 0)).toBeLessThan(2000);
  });

  it('keeps hearing the other instance after its LISTEN connection was cut', async () => {
    const admin = await adminCookie();
    const listeners = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
    );
    expect(listeners.rows).toHaveLength(2);
    await client.query('select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)', [
      listeners.rows.map((row) => row.pid),
    ]);
    // Both reconnect (and drop their caches meanwhile).
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      const again = await client.query(
        "select 1 from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
      );
      if (again.rowCount === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await call(a, 'GET', '/api/campaigns?q=fleetcheck')).body?.total).toBe(0);
    const created = await call(b, 'POST', '/api/admin/campaigns', { body: CAMPAIGN, cookie: admin });
    expect(created.status).toBe(201);
    const seen = Date.now();
    let total = 0;
    while (Date.now() - seen < 2000 && total !== 1) {
      total = (await call(a, 'GET', '/api/campaigns?q=fleetcheck')).body?.total as number;
    }
    expect(total).toBe(1);
  });

  it('serves a file stored through one instance from the other, and hands out a data file another built', async () => {
    const admin = await adminCookie();
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3,
    ]);
    const form = new FormData();
    form.set('file', new File([png], 'cover.png', { type: 'image/png' }));
    const uploaded = await fetch(`${a.url}/api/admin/uploads`, {
      method: 'POST',
      headers: { origin: APP_URL, cookie: admin, 'x-forwarded-for': '198.51.100.40' },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const name = url.slice('/uploads/'.length);
    // In the bucket, not in A's folder: B serves it.
    expect(existsSync(`${a.dataDir}/uploads/${name}`)).toBe(false);
    const bucket = s3FileStore(loadEnv({ ...s3.env, DATA_DIR: a.dataDir }).s3!);
    expect((await bucket.read('uploads', name))?.equals(png)).toBe(true);
    const onB = await fetch(`${b.url}${url}`, { signal: AbortSignal.timeout(15_000) });
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await onB.arrayBuffer()).equals(png)).toBe(true);

    // A creator asks for their data; the data-export job runs on one instance, the link is used on the other.
    await call(a, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'export@example.com', password: 'correct horse battery', name: 'Export Creator' },
      ip: '198.51.100.41',
    });
    const creator = await call(a, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'export@example.com', password: 'correct horse battery' },
      ip: '198.51.100.41',
    });
    expect((await call(a, 'POST', '/api/me/data-export', { body: {}, cookie: creator.cookie })).status).toBe(
      202,
    );
    const boss = new PgBoss({ connectionString: database.url, max: 1, supervise: false, schedule: false });
    await boss.start();
    let jobId = '';
    try {
      jobId = (await boss.send(DATA_EXPORT, {}))!;
      const started = Date.now();
      let state = '';
      while (Date.now() - started < 30_000 && state !== 'completed' && state !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = (await boss.getJobById(DATA_EXPORT, jobId))?.state ?? '';
      }
      expect(state).toBe('completed');
    } finally {
      await boss.stop({ graceful: false });
    }
    // The instances' log lines come through their output after the job's state is stored: wait for the builder's
    // 'job done' and the mail with the link (reading them at once raced the pipe under load).
    const didJob = (server: ServerProcess) =>
      server.logs.some((line) => line.msg === 'job done' && line.jobId === jobId);
    const mailedLink = () =>
      [...a.logs, ...b.logs].find(
        (line) =>
          line.msg === 'mail kept in the outbox (no SMTP_URL)' && /\/data-export\//.test(String(line.text)),
      );
    await expect
      .poll(() => (didJob(a) || didJob(b)) && Boolean(mailedLink()), { timeout: 10_000 })
      .toBe(true);
    const builder = didJob(a) ? a : b;
    const other = builder === a ? b : a;
    const mailed = mailedLink();
    const token = /\/data-export\/([A-Za-z0-9_-]+)/.exec(String(mailed?.text))?.[1];
    expect(token, 'the mailed link').toBeTruthy();
    const download = await fetch(`${other.url}/api/me/data-export/download`, {
      method: 'POST',
      headers: { origin: APP_URL, cookie: creator.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(15_000),
    });
    expect(download.status).toBe(200);
    const data = JSON.parse(await download.text()) as { sections: string[] };
    expect(data.sections.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).toContain('export@example.com');
    // Handed out once: the file is gone from the bucket, and the link is used up on either instance.
    let exportsLeft = 0;
    for await (const page of bucket.list('exports')) exportsLeft += page.length;
    expect(exportsLeft).toBe(0);
    const again = await call(builder, 'POST', '/api/me/data-export/download', {
      body: { token },
      cookie: creator.cookie,
    });
    expect(again.status).toBe(410);
  });

  it('runs every job of the queue once, whichever instance takes it', async () => {
    const boss = new PgBoss({ connectionString: database.url, max: 1, supervise: false, schedule: false });
    await boss.start();
    try {
      const sent: Array<{ queue: string; id: string }> = [];
      for (const job of JOB_DEFINITIONS) {
        for (let n = 0; n < 4; n += 1) {
          const id = await boss.send(job.name, {});
          expect(id).toBeTruthy();
          sent.push({ queue: job.name, id: id! });
        }
      }
      const started = Date.now();
      for (const { queue, id } of sent) {
        let state = '';
        while (Date.now() - started < 30_000) {
          state = (await boss.getJobById(queue, id))?.state ?? '';
          if (state === 'completed' || state === 'failed') break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(state, `${queue} ${id}`).toBe('completed');
      }
      const runs = (jobId: string) =>
        [...a.logs, ...b.logs].filter((line) => line.msg === 'job done' && line.jobId === jobId).length;
      for (const { queue, id } of sent) expect(runs(id), `${queue} ${id}`).toBe(1);

      // Each job is scheduled once, not once per instance.
      const schedules = (await boss.getSchedules()) as Array<{ name: string }>;
      expect(schedules.map((s) => s.name).sort()).toEqual(JOB_DEFINITIONS.map((job) => job.name).sort());
    } finally {
      await boss.stop({ graceful: false });
    }
  });

  it('carries the request id into the logs and serves metrics of each instance behind the token', async () => {
    const traced = await call(a, 'GET', '/api/campaigns?q=serum', {
      headers: { 'x-request-id': 'lb-trace-42' },
    });
    expect(traced.headers.get('x-request-id')).toBe('lb-trace-42');
    // The access line is written as the answer leaves; the child's stdout may reach us a moment after the answer.
    const tracedLines = () => a.logs.filter((line) => line.requestId === 'lb-trace-42');
    await expect.poll(() => tracedLines().length).toBeGreaterThan(0);
    const lines = tracedLines();
    expect(lines.at(-1)).toMatchObject({ msg: 'request', route: '/api/campaigns', status: 200 });
    expect(JSON.stringify(lines)).not.toContain('serum');

    expect((await call(b, 'GET', '/api/metrics')).status).toBe(401);
    const response = await fetch(`${b.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /mintbox_http_requests_total\{method="GET",route="\/api\/campaigns",status="200"\} \d+/,
    );
    expect(text).toMatch(/mintbox_db_pool_connections\{state="total"\} \d+/);
    for (const job of JOB_DEFINITIONS) expect(text).toContain(`mintbox_job_queue_depth{queue="${job.name}"}`);
    expect(text).toContain('mintbox_process_resident_memory_bytes');
    expect(text).not.toContain('fleet@example.com');
    // The jobs of the previous test ran on one instance or the other: their runs are counted where they ran.
    const onA = await (
      await fetch(`${a.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const runs = [onA, text].map((body) =>
      Number(
        /mintbox_job_runs_total\{queue="lifecycle-sweep",outcome="completed"\} (\d+)/.exec(body)?.[1] ?? 0,
      ),
    );
    expect(runs[0]! + runs[1]!).toBeGreaterThanOrEqual(4);
  });
});
