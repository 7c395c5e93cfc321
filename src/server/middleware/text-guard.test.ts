import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../tests/support/auth-client';
import { createReadyCreator, READY_PROFILE } from '../../../tests/support/creators';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { creatorProfiles } from '../../db/schema/onboarding';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { createLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

const ORIGIN = 'http://localhost:3000';
const PAYPAL = 'secret.pay@example.com';
const STREET = '77 Hidden Lane';

/** A logger writing JSON lines into `lines`, as production does. */
function capturingLogger(lines: string[]) {
  return createLogger({
    level: 'info',
    pretty: false,
    destination: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  });
}

describe.each(TEST_DRIVERS)('control characters and personal data in logs on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let creator: string;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true' });
    const logger = capturingLogger(lines);
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth });
    await upsertAdmin(database.db, auth, { email: 'boss@mintbox.test', password: 'admin password 2026!' });
    admin = await signInAdmin(app, 'boss', 'admin password 2026!');
    creator = (await createReadyCreator(app, database.db, { email: 'nul@example.com' })).cookie;
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        origin: ORIGIN,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const profile = { ...READY_PROFILE, paypalEmail: PAYPAL, addressLine1: STREET };

  it('answers 400 naming the field where a NUL gave a 500, and logs nothing of the request', async () => {
    const cases: Array<[string, string, 'admin' | 'creator', unknown, string]> = [
      ['POST', '/api/complete-profile', 'creator', { ...profile, city: 'San\u0000Jose' }, 'city'],
      ['PATCH', '/api/me/profile', 'creator', { ...profile, firstName: 'A\u0000' }, 'firstName'],
      ['PATCH', '/api/me/profile', 'creator', { ...profile, addressLine2: '\u0000' }, 'addressLine2'],
      ['POST', '/api/auth/update-user', 'creator', { name: 'Nul\u0000Name' }, 'name'],
      ['POST', '/api/auth/update-user', 'creator', { image: 'https://x.example/\u0000.png' }, 'image'],
      ['POST', '/api/auth/admin-sign-in', 'creator', { username: 'boss\u0000', password: 'x' }, 'username'],
      [
        'POST',
        '/api/admin/applications/1/shipment',
        'admin',
        { carrier: 'U\u0000PS', trackingNumber: '1' },
        'carrier',
      ],
      [
        'POST',
        '/api/auth/sign-up/email',
        'creator',
        { name: 'x', email: 'a@b.example', password: 'p\u0000ssword-long' },
        'password',
      ],
      ['GET', '/api/admin/influencers?q=%00', 'admin', undefined, 'q'],
      ['GET', '/api/admin/campaigns?q=a%00b', 'admin', undefined, 'q'],
      ['GET', '/api/campaigns?q=%07', 'creator', undefined, 'q'],
      ['GET', '/api/campaigns/1%00', 'creator', undefined, 'path'],
    ];
    lines.length = 0;
    for (const [method, path, who, body, field] of cases) {
      const response = await call(method, path, who === 'admin' ? admin : creator, body);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(((await response.json()) as { error: string }).error, `${method} ${path}`).toBe(
        `${field}: must not contain control characters`,
      );
    }
    const log = lines.join('');
    expect(log).not.toContain(PAYPAL);
    expect(log).not.toContain(STREET);
    expect(log).not.toMatch(/"level":50/);
  });

  it('keeps tabs and line breaks in text where a person may type them', async () => {
    const response = await call('PATCH', '/api/me/profile', creator, {
      ...READY_PROFILE,
      addressLine2: 'Apt 4\tRear',
    });
    expect(response.status).toBe(200);
  });

  it('logs a database error without its parameters or quoted values', async () => {
    lines.length = 0;
    const logger = capturingLogger(lines);
    const failure = await database.db
      .insert(creatorProfiles)
      .values({
        creatorId: 999_999,
        ...READY_PROFILE,
        paypalEmail: PAYPAL,
        addressLine1: STREET,
        creatorTier: 'Micro',
        totalFollowers: 0,
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    logger.error({ err: failure, path: '/api/me/profile', method: 'PATCH' }, 'unhandled error');
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"influencer_profiles\\"');
    expect(log).not.toContain(PAYPAL);
    expect(log).not.toContain(STREET);
    expect(log).not.toContain('params:');
    expect(log).not.toMatch(/Key \(/); // PostgreSQL's detail quotes the values
  });

  it('masks addresses and drops personal fields wherever they are logged', () => {
    lines.length = 0;
    const logger = capturingLogger(lines);
    logger.info(
      { to: 'jane.doe@example.com', profile: { paypalEmail: PAYPAL, addressLine1: STREET } },
      'mail sent',
    );
    const log = lines.join('');
    expect(log).toContain('j***@example.com');
    expect(log).not.toContain('jane.doe');
    expect(log).not.toContain(PAYPAL);
    expect(log).not.toContain(STREET);
  });
});
