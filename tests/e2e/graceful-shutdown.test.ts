import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { eventually } from '../support/bounded';
import { startServerProcess } from '../support/server-process';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
  TEST_DRIVERS,
} from '../support/test-database';

/**
 * SIGTERM to the production server in the middle of a burst of writes: every request in flight is answered,
 * nothing is half-written, the process exits 0. On PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const CREATORS = 8;
const SIGN_UPS = 8;

type Rows<T> = { rows: T[] };

describe.each(TEST_DRIVERS)('graceful shutdown on %s', (driver) => {
  let smtp: TestSmtpServer | undefined;
  let scratch: ScratchPostgresDatabase | undefined;
  let inspect: DatabaseHandle | undefined;

  afterAll(async () => {
    await inspect?.close();
    await smtp?.close();
    await scratch?.drop();
  });

  it('answers every request in flight on SIGTERM, writes nothing by halves, and exits 0', async () => {
    smtp = await startSmtpServer({ hold: true });
    scratch = driver === 'postgres' ? await createScratchPostgresDatabase() : undefined;
    const server = await startServerProcess({
      env: {
        SMTP_URL: smtp.url,
        SHUTDOWN_GRACE_MS: '15000',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
    });
    const post = (route: string, body: unknown, ip: string, cookie = '') =>
      fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': ip,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });

    // Idle connections are kept longer than proxies keep theirs (65 s), so a proxy never reuses a closed one.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.headers.get('keep-alive')).toMatch(/timeout=70\b/);

    const creators: Array<{ email: string; cookie: string }> = [];
    for (let n = 0; n < CREATORS; n += 1) {
      const email = `steady${n}@example.com`;
      const answer = await post(
        '/api/auth/sign-up/email',
        { email, password: 'correct horse battery', name: `Steady ${n}` },
        `192.0.2.${n + 1}`,
      );
      expect(answer.status).toBe(200);
      // Sign-up starts no session (it answers alike for registered addresses): sign in.
      const signedIn = await post(
        '/api/auth/sign-in/email',
        { email, password: 'correct horse battery' },
        `192.0.2.${n + 1}`,
      );
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      creators.push({ email, cookie });
    }

    // The burst: a verification code for each creator (a write, then a mail the server waits for) and new sign-ups.
    const burst = [
      ...creators.map(({ email, cookie }, n) =>
        post('/api/send-verification', { email }, `198.18.0.${n + 1}`, cookie),
      ),
      ...Array.from({ length: SIGN_UPS }, (_, n) =>
        post(
          '/api/auth/sign-up/email',
          { email: `burst${n}@example.com`, password: 'correct horse battery', name: `Burst ${n}` },
          `198.18.1.${n + 1}`,
        ),
      ),
    ].map((request) =>
      request.then(
        async (response) => ({ status: response.status, body: await response.text(), at: Date.now() }),
        (error: unknown) => ({ status: 0, body: String(error), at: Date.now() }),
      ),
    );

    // Every verification request has written its code and is waiting for the mail server: stop now.
    const waitStarted = Date.now();
    while (smtp.messages.length < CREATORS && Date.now() - waitStarted < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(smtp.messages).toHaveLength(CREATORS);
    const stoppedAt = Date.now();
    const exit = server.stop('SIGTERM');
    // The mail server accepts the held mails only once the server is shutting down: the verification requests are
    // in flight through the signal, however loaded the machine.
    await eventually('the server logs that it is shutting down', async () =>
      server.logs.some((line) => line.msg === 'shutting down'),
    );
    smtp.release();

    const answers = await Promise.all(burst);
    expect(answers.map((a) => a.status)).toEqual(Array(CREATORS + SIGN_UPS).fill(200));
    // The verification answers came after the signal: they were finished, not cut.
    expect(answers.slice(0, CREATORS).every((a) => a.at >= stoppedAt)).toBe(true);
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.logs.map((line) => line.msg)).toContain('shutting down');
    expect(server.logs.find((line) => line.msg === 'stopped')).toMatchObject({ clean: true });
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    // Nothing half-written: each creator has one live code (its mail went out), each sign-up a whole account.
    inspect = scratch
      ? await openDatabase({ url: scratch.url, poolSize: 1 })
      : await openDatabase({ dataDir: path.join(server.dataDir, 'pglite') });
    const codes = (await inspect.db.execute(sql`
      select i.email, count(c.id)::int as live
      from influencers i
      left join email_verification_codes c on c.influencer_id = i.id and c.consumed_at is null
      where i.email like 'steady%'
      group by i.email order by i.email`)) as unknown as Rows<{ email: string; live: number }>;
    expect(codes.rows).toEqual(
      creators.map(({ email }) => ({ email, live: 1 })).sort((x, y) => (x.email < y.email ? -1 : 1)),
    );
    expect(smtp.messages.flatMap((mail) => mail.to).sort()).toEqual(creators.map((c) => c.email).sort());

    const accounts = (await inspect.db.execute(sql`
      select u.email,
        (select count(*)::int from accounts a where a.user_id = u.id and a.provider_id = 'credential') as credentials,
        (select count(*)::int from sessions s where s.user_id = u.id) as sessions,
        (select count(*)::int from influencers i where i.auth_user_id = u.id) as creators
      from users u where u.email like 'burst%' order by u.email`)) as unknown as Rows<{
      email: string;
      credentials: number;
      sessions: number;
      creators: number;
    }>;
    expect(accounts.rows).toHaveLength(SIGN_UPS);
    // A whole sign-up is a user with its password; it starts no session, and the creator record comes at sign-in.
    for (const row of accounts.rows) expect(row).toMatchObject({ credentials: 1, sessions: 0, creators: 0 });
  });
});
