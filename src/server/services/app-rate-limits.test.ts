import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJson, signUpCreator } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { appRateLimits, passwordAttempts } from '../../db/schema/security';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { consumeRateLimit, pruneRateLimits } from './app-rate-limits';
import { claimPasswordAttempt, pruneAttempts } from './password-attempts';

describe.each(TEST_DRIVERS)("the app's own rate limits on %s", (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const mailer = captureMailer();
  let n = 0;
  const newCreator = () => {
    n += 1;
    return signUpCreator(app, { email: `limits${n}@example.com` });
  };
  const send = (cookie: string, email: string, ip: string) =>
    postJson(app, '/api/send-verification', { email }, cookie, { 'x-forwarded-for': ip });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = createApp({
      db: database.db,
      env: testEnv({ TRUST_PROXY: 'true' }),
      logger: silentLogger(),
      mailer,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps the hourly code limit for the whole hour, through Better Auth cleaning its own counters', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cookie = await newCreator();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send(cookie, 'hourly@example.com', `198.51.100.${i + 1}`)).status);
      vi.setSystemTime(Date.now() + 61_000);
      // Any Better Auth request whose window has passed makes it prune every counter older than its longest window.
      await postJson(
        app,
        '/api/auth/sign-in/email',
        { email: 'x@example.com', password: 'wrong password' },
        '',
        {
          'x-forwarded-for': '192.0.2.200',
        },
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const sixth = await send(cookie, 'hourly@example.com', '198.51.100.99');
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: string }).error).toMatch(/Too many codes requested/);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('sends one code for 20 resends at once', async () => {
    const cookie = await newCreator();
    const before = mailer.sent.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(cookie, 'burst@example.com', `203.0.113.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(mailer.sent.length - before).toBe(1);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('forgets ended windows and day-old password failures when the hourly sweep runs', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    await consumeRateLimit(
      database.db,
      'sweep|ended',
      { window: 60, max: 1 },
      new Date(now.getTime() - 120_000),
    );
    await consumeRateLimit(database.db, 'sweep|running', { window: 3600, max: 1 }, now);
    await claimPasswordAttempt(
      database.db,
      'account:sweep-old@example.com',
      new Date(now.getTime() - 25 * 3_600_000),
    );
    await claimPasswordAttempt(database.db, 'account:sweep-new@example.com', now);
    expect(await pruneRateLimits(database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await pruneAttempts(database.db, now)).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select().from(appRateLimits)).map((row) => row.key);
    expect(keys).toContain('sweep|running');
    expect(keys).not.toContain('sweep|ended');
    const subjects = (await database.db.select().from(passwordAttempts)).map((row) => row.subject);
    expect(subjects).toContain('account:sweep-new@example.com');
    expect(subjects).not.toContain('account:sweep-old@example.com');
  });

  it("puts a standard Retry-After on Better Auth's own 429s", async () => {
    let limited: Response | undefined;
    for (let i = 0; i < 8 && !limited; i++) {
      const response = await postJson(
        app,
        '/api/auth/sign-up/email',
        { name: 'Flood', email: `flood${i}@example.com`, password: 'correct horse battery' },
        '',
        { 'x-forwarded-for': '192.0.2.201' },
      );
      if (response.status === 429) limited = response;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
