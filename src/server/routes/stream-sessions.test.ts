import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, getWithCookie, postJson, signInAdmin } from '../../../tests/support/auth-client';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import type { AccountSessionList } from '../../shared/schemas/account-sessions';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';
import { STREAMS_PER_ACCOUNT, STREAMS_PER_SESSION } from '../services/live/open-streams';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';
const ADMIN = {
  email: 'streams-admin@example.com',
  username: 'streamsadmin',
  password: 'streams admin password 2026',
};
const METRICS_TOKEN = 'metrics-token-for-stream-tests-0123456789';

/** An open event stream: `ended` resolves with the time its server finished it. */
function openStream(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true }));
      if (chunk.done) return Date.now();
    }
  })();
  return {
    ended,
    async close() {
      await reader.cancel().catch(() => undefined);
      await ended;
    },
  };
}

/** Whether `stream` finished within `ms` of `since`. */
async function endsWithin(stream: ReturnType<typeof openStream>, since: number, ms: number) {
  const at = await Promise.race([
    stream.ended,
    new Promise<null>((r) => setTimeout(() => r(null), ms + 1500)),
  ]);
  return at !== null && at - since <= ms;
}

// Issue 42, items 1 and 2: streams end with their session, and a session or an account holds a bounded number.
describe.each(TEST_DRIVERS)('event streams and their sessions on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let n = 0;
  const clock = fakeClock(new Date().toISOString());

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true', METRICS_TOKEN });
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth, now: () => clock.now });
    await upsertAdmin(database.db, auth, ADMIN);
    admin = await signInAdmin(app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const creator = async () => {
    n += 1;
    return createReadyCreator(app, database.db, { email: `streamer${n}-${driver}@example.com` });
  };
  const streamsOf = async (cookie: string) => [
    openStream(await getWithCookie(app, '/api/me/conversations/stream', cookie)),
    openStream(await getWithCookie(app, '/api/me/live', cookie)),
  ];
  const adminPost = (path: string, body: unknown) => postJson(app, path, body, admin);

  it('ends every stream of a session within 2 s of sign-out, removal, closure, ban and suspension', async () => {
    const out = await creator();
    const removed = await creator();
    const closing = await creator();
    const banned = await creator();
    const suspended = await creator();
    const open = {
      out: await streamsOf(out.cookie),
      removed: await streamsOf(removed.cookie),
      closing: await streamsOf(closing.cookie),
      banned: await streamsOf(banned.cookie),
      suspended: await streamsOf(suspended.cookie),
    };
    const checks: Array<[string, () => Promise<Response>, ReturnType<typeof openStream>[]]> = [
      ['sign-out', () => postJson(app, '/api/auth/sign-out', {}, out.cookie), open.out],
      [
        'removal from another session',
        async () => {
          const other = cookieHeader(
            await postJson(app, '/api/auth/sign-in/email', { email: removed.email, password: PASSWORD }),
          );
          const list = (await (
            await getWithCookie(app, '/api/me/sessions', other)
          ).json()) as AccountSessionList;
          const target = list.sessions.find((s) => !s.current)!;
          return app.request(`/api/me/sessions/${target.id}`, {
            method: 'DELETE',
            headers: { origin: ORIGIN, cookie: other },
          });
        },
        open.removed,
      ],
      [
        'closure',
        () => postJson(app, '/api/me/account-closure', { password: PASSWORD }, closing.cookie),
        open.closing,
      ],
      [
        'ban',
        () => adminPost(`/api/admin/influencers/${banned.creatorId}/ban`, { reason: 'Fake posts' }),
        open.banned,
      ],
      [
        'suspension',
        () => adminPost(`/api/admin/influencers/${suspended.creatorId}/suspend`, { reason: 'Late twice' }),
        open.suspended,
      ],
    ];
    for (const [what, end, streams] of checks) {
      const since = Date.now();
      const answer = await end();
      expect(answer.status, what).toBeLessThan(300);
      for (const stream of streams) expect(await endsWithin(stream, since, 2000), what).toBe(true);
    }
  });

  it('ends a stream when its session expires, and an admin stream after 30 minutes idle', async () => {
    const expiring = await creator();
    const [creatorStream] = await streamsOf(expiring.cookie);
    const adminStream = openStream(await getWithCookie(app, '/api/admin/live', admin));
    // Half an hour without a request ends the admin session (and its stream); the creator's lives 30 days.
    let since = Date.now();
    clock.advance(31 * 60_000);
    expect(await endsWithin(adminStream, since, 2000)).toBe(true);
    since = Date.now();
    clock.advance(31 * 24 * 3_600_000);
    expect(await endsWithin(creatorStream!, since, 2000)).toBe(true);
    clock.set(new Date().toISOString());
    admin = await signInAdmin(app, ADMIN.username, ADMIN.password);
  });

  it('caps the streams of a session and of an account (429 with Retry-After) and counts them in /api/metrics', async () => {
    const busy = await creator();
    const metric = async () => {
      const text = await (
        await app.request('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(/^mintbox_open_streams (\d+)$/m.exec(text)?.[1]);
    };
    const before = await metric();
    const held: ReturnType<typeof openStream>[] = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++)
      held.push(openStream(await getWithCookie(app, '/api/me/live', busy.cookie)));
    expect(await metric()).toBe(before + STREAMS_PER_SESSION);
    const refused = await getWithCookie(app, '/api/me/conversations/stream', busy.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many live connections/);

    // Other sign-ins of the same account share the account's cap.
    while (held.length < STREAMS_PER_ACCOUNT) {
      const device = cookieHeader(
        await postJson(app, '/api/auth/sign-in/email', { email: busy.email, password: PASSWORD }),
      );
      for (let i = 0; i < STREAMS_PER_SESSION && held.length < STREAMS_PER_ACCOUNT; i++)
        held.push(openStream(await getWithCookie(app, '/api/me/live', device)));
    }
    const another = cookieHeader(
      await postJson(app, '/api/auth/sign-in/email', { email: busy.email, password: PASSWORD }),
    );
    const overAccount = await getWithCookie(app, '/api/me/live', another);
    expect(overAccount.status).toBe(429);
    expect(overAccount.headers.get('retry-after')).not.toBeNull();

    // A stream closed by the browser frees its place.
    await held.shift()!.close();
    await expect.poll(metric, { timeout: 2000 }).toBe(before + STREAMS_PER_ACCOUNT - 1);
    const again = openStream(await getWithCookie(app, '/api/me/live', another));
    held.push(again);
    for (const stream of held) await stream.close();
    await expect.poll(metric, { timeout: 2000 }).toBe(before);
  });
});
