import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import {
  type FakeInstagram,
  type FakeInstagramAccount,
  metaCallbackFor,
  metaSignedRequest,
  startFakeInstagram,
} from '../../../tests/support/fake-instagram';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { instagramConnections, platformDataDeletions } from '../../db/schema/content-metrics';
import { createLogger } from '../process/logger';

const ORIGIN = 'http://localhost:3000';

// Issue 42, items 3 and 10: Meta's callbacks name the app-scoped id, and a repeat or a stale request runs nothing.
describe.each(TEST_DRIVERS)("Meta's Instagram callbacks on %s", (driver) => {
  let fake: FakeInstagram;
  const clock = { now: new Date() };
  const logLines: string[] = [];
  const account: FakeInstagramAccount = { userId: '17841400000000021', username: 'cal.makes', ages: null };

  const api = useAdminApp(driver, async () => {
    fake = await startFakeInstagram();
    fake.accounts.set(account.userId, account);
    const destination = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ level: 'info', pretty: false, destination });
    return { env: fake.appEnv, logger, mailer: captureMailer(), now: () => clock.now, adminEmail: false };
  });
  afterAll(async () => {
    await fake.close();
  });

  const post = (path: string, signedRequest: string) =>
    api.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signedRequest }).toString(),
    });
  const connect = async (cookie: string) => {
    const started = await postJson(api.app, '/api/me/connections/instagram', {}, cookie);
    const authorize = new URL(((await started.json()) as { url: string }).url);
    fake.authorizeAs = account.userId;
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const done = await getWithCookie(api.app, `${back.pathname}${back.search}`, cookie);
    expect(done.headers.get('location')).toBe('/profile?instagram=connected');
  };
  const connected = async (cookie: string) =>
    (
      (await (await getWithCookie(api.app, '/api/me/connections/instagram', cookie)).json()) as {
        connection: unknown;
      }
    ).connection;

  it('deletes the connection named by the app-scoped id of the signed request, as Meta sends it', async () => {
    const cal = await createReadyCreator(api.app, api.db, {
      email: `cal-${driver}@example.com`,
      name: 'Cal Ng',
    });
    await connect(cal.cookie);
    expect(await connected(cal.cookie)).not.toBeNull();
    const deleted = await post(
      '/api/instagram/data-deletion',
      metaCallbackFor(fake.appSecret, account, clock.now),
    );
    expect(deleted.status).toBe(200);
    expect(await connected(cal.cookie)).toBeNull();
    expect(await api.db.select().from(instagramConnections)).toEqual([]);
    const { confirmation_code } = (await deleted.json()) as { confirmation_code: string };
    const page = await (await api.app.request(`/data-deletion/${confirmation_code}`)).text();
    expect(page).toContain('We disconnected the Instagram account from Mintbox');
  });

  it('answers a repeated request with its first confirmation code and runs it once, even at the same time', async () => {
    const before = (await api.db.select().from(platformDataDeletions)).length;
    const signed = metaSignedRequest(fake.appSecret, {
      user_id: '27000000000000099',
      issued_at: Math.floor(clock.now.getTime() / 1000),
    });
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/instagram/deauthorize', signed)));
    const codes = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { confirmation_code: string }).confirmation_code),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(codes).size).toBe(1);
    const again = await post('/api/instagram/deauthorize', signed);
    expect(((await again.json()) as { confirmation_code: string }).confirmation_code).toBe(codes[0]);
    // The same request as a data deletion request is a repeat too.
    const asDeletion = await post('/api/instagram/data-deletion', signed);
    expect(asDeletion.status).toBe(200);
    expect(((await asDeletion.json()) as { confirmation_code: string }).confirmation_code).toBe(codes[0]);
    expect((await api.db.select().from(platformDataDeletions)).length).toBe(before + 1);
    // Nothing matched: logged, and still answered as Meta requires.
    expect(logLines.some((line) => line.includes('matched no Instagram connection'))).toBe(true);
  });

  it('refuses a request issued more than an hour ago (the year 2000) or in the future, and records nothing', async () => {
    const before = (await api.db.select().from(platformDataDeletions)).length;
    const at = (date: Date) =>
      metaSignedRequest(fake.appSecret, {
        user_id: '27000000000000098',
        issued_at: Math.floor(date.getTime() / 1000),
      });
    for (const [when, issued] of [
      ['the year 2000', new Date('2000-01-01T00:00:00Z')],
      ['61 minutes ago', new Date(clock.now.getTime() - 61 * 60_000)],
      ['an hour ahead', new Date(clock.now.getTime() + 3_600_000)],
    ] as const) {
      for (const path of ['/api/instagram/deauthorize', '/api/instagram/data-deletion']) {
        const refused = await post(path, at(issued));
        expect(refused.status, `${path} ${when}`).toBe(400);
        expect(await refused.json()).toEqual({
          code: 'BAD_REQUEST',
          error:
            'The signed_request was issued more than 1 hour ago (or in the future): Meta sends a new one.',
        });
      }
    }
    const missing = await post(
      '/api/instagram/deauthorize',
      metaSignedRequest(fake.appSecret, { user_id: '1', issued_at: undefined }),
    );
    expect(missing.status).toBe(400);
    expect(
      await post('/api/instagram/deauthorize', at(new Date(clock.now.getTime() - 59 * 60_000))),
    ).toHaveProperty('status', 200);
    expect((await api.db.select().from(platformDataDeletions)).length).toBe(before + 1);
    expect(ORIGIN).toBeTruthy();
  });
});
