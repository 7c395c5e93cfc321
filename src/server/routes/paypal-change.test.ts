import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator, READY_PROFILE, saveProfile } from '../../../tests/support/creators';
import { giveMint } from '../../../tests/support/mint';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { lockPayoutTarget, lockProfileForWrite } from '../../db/queries/onboarding';
import { creators } from '../../db/schema/creators';
import { creatorProfiles, socialAccounts } from '../../db/schema/onboarding';
import { payouts } from '../../db/schema/payouts';
import type { Payout, Wallet } from '../../shared/schemas/payout';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import type { Mailer } from '../mail/mailer';
import { createLogger, silentLogger } from '../process/logger';
import { PROFILE_ALREADY_COMPLETE_MESSAGE } from '../services/profiles';

const PASSWORD = 'correct horse battery';
const ORIGIN = 'http://localhost:3000';
const HOUR = 60 * 60 * 1000;

/**
 * Issue 22, defect 1: a stolen session must not redirect payouts. Every write of an onboarded creator's PayPal email
 * needs the identity proof (complete-profile is refused once the profile exists), the account email and the previous
 * PayPal address are mailed, and cash-outs wait 24 hours after the change, even for a redemption racing it.
 */
describe.each(TEST_DRIVERS)('PayPal email changes on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let smtp: TestSmtpServer;
  const clock = fakeClock('2026-06-01T12:00:00Z');
  let n = 0;
  let keys = 0;

  const creator = async (mint = 0, on: ReturnType<typeof createApp> = app) => {
    n += 1;
    const ready = await createReadyCreator(on, database.db, { email: `payee${n}-${driver}@example.com` });
    if (mint > 0) await giveMint(database.db, ready.creatorId, mint);
    return ready;
  };
  const patchProfile = async (cookie: string, body: Record<string, unknown>, on = app) =>
    saveProfile(on, cookie, { ...READY_PROFILE, ...body });
  const redeem = async (cookie: string, amount = 50) => {
    keys += 1;
    const response = await postJson(app, '/api/me/payouts', { amount }, cookie, {
      'idempotency-key': `paypal-change-${driver}-${keys}`,
    });
    return { status: response.status, body: (await response.json()) as Payout & { error?: string } };
  };
  const profileRow = async (creatorId: number) =>
    (await database.db.select().from(creatorProfiles).where(eq(creatorProfiles.creatorId, creatorId)))[0]!;
  const payoutsOf = (creatorId: number) =>
    database.db.select().from(payouts).where(eq(payouts.creatorId, creatorId));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase(driver);
    // The real mailer over SMTP: the notices are read back from the local SMTP server.
    const env = testEnv({ TRUST_PROXY: 'true', SMTP_URL: smtp.url });
    const logger = silentLogger();
    app = createApp({
      db: database.db,
      env,
      logger,
      auth: createAuth({ db: database.db, env, logger }),
      paypal: null,
      now: () => clock.now,
    });
  });
  afterAll(async () => {
    await database?.destroy();
    await smtp?.close();
  });

  it('refuses complete-profile once the profile is complete (409), and writes nothing', async () => {
    const ana = await creator();
    const before = {
      profile: await profileRow(ana.creatorId),
      social: await database.db
        .select()
        .from(socialAccounts)
        .where(eq(socialAccounts.creatorId, ana.creatorId)),
      creator: (await database.db.select().from(creators).where(eq(creators.id, ana.creatorId)))[0],
    };
    const mailsBefore = smtp.messages.length;
    clock.advance(HOUR);
    const response = await postJson(
      app,
      '/api/complete-profile',
      { ...READY_PROFILE, paypalEmail: 'thief@example.com', city: 'Elsewhere', instagramFollowers: 1 },
      ana.cookie,
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: PROFILE_ALREADY_COMPLETE_MESSAGE, code: 'CONFLICT' });
    expect(await profileRow(ana.creatorId)).toEqual(before.profile);
    expect(
      await database.db.select().from(socialAccounts).where(eq(socialAccounts.creatorId, ana.creatorId)),
    ).toEqual(before.social);
    expect((await database.db.select().from(creators).where(eq(creators.id, ana.creatorId)))[0]).toEqual(
      before.creator,
    );
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  it('every route that writes paypalEmail refuses a new address without the proof', async () => {
    // The routes are read from the OpenAPI document: any operation whose JSON body carries paypalEmail.
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    const writers: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema?.properties && 'paypalEmail' in schema.properties) {
          writers.push(`${method.toUpperCase()} /api${path}`);
        }
      }
    }
    expect(writers.sort()).toEqual(['PATCH /api/me/profile', 'POST /api/complete-profile']);

    const ben = await creator();
    for (const writer of writers) {
      const [method, path] = writer.split(' ') as [string, string];
      const response = await app.request(path, {
        method,
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: ben.cookie },
        body: JSON.stringify({ ...READY_PROFILE, paypalEmail: 'thief@example.com' }),
      });
      expect([403, 409], writer).toContain(response.status);
      const row = await profileRow(ben.creatorId);
      expect(row.paypalEmail, writer).toBe(READY_PROFILE.paypalEmail);
      expect(row.paypalEmailChangedAt, writer).toBeNull();
    }
  });

  it('a change with the proof mails the account email and the previous PayPal address', async () => {
    const cy = await creator();
    const response = await patchProfile(cy.cookie, {
      paypalEmail: 'cy.new@example.com',
      currentPassword: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await profileRow(cy.creatorId)).paypalEmailChangedAt).toEqual(clock.now);

    const account = await smtp.waitForMail(cy.email);
    expect(account.subject).toBe('Your Mintbox PayPal email was changed');
    expect(account.text).toContain(
      `On June 1, 2026, 12:00 UTC the PayPal email on your Mintbox profile was changed from ${READY_PROFILE.paypalEmail} to cy.new@example.com.`,
    );
    expect(account.text).toContain(
      'cash-outs are paused until June 2, 2026, 12:00 UTC (24 hours after the change)',
    );
    expect(account.text).toContain('If this was not you, choose a new password right away');

    const previous = await smtp.waitForMail(READY_PROFILE.paypalEmail);
    expect(previous.subject).toBe('Your Mintbox PayPal email was changed');
    expect(previous.text).toContain('On June 1, 2026, 12:00 UTC it was changed to c***@example.com');
    expect(previous.text).toContain('June 2, 2026, 12:00 UTC');
    expect(previous.text).toContain('If this was not you');
    // The new address reaches the previous one only masked, in the text and in the HTML.
    expect(previous.raw).not.toContain('cy.new@example.com');
    expect(previous.raw).not.toContain('cy.new');
  });

  it('a mail that fails is logged and the change stays', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      pretty: false,
      destination: {
        write: (line: string) => {
          lines.push(line);
        },
      },
    });
    const failing: Mailer = {
      send: async () => {
        throw new Error('smtp down');
      },
    };
    const env = testEnv({ TRUST_PROXY: 'true' });
    const broken = createApp({
      db: database.db,
      env,
      logger,
      auth: createAuth({ db: database.db, env, logger }),
      mailer: failing,
      paypal: null,
      now: () => clock.now,
    });
    const dee = await creator(0, broken);
    const response = await patchProfile(
      dee.cookie,
      { paypalEmail: 'dee.new@example.com', currentPassword: PASSWORD },
      broken,
    );
    expect(response.status).toBe(200);
    const row = await profileRow(dee.creatorId);
    expect(row.paypalEmail).toBe('dee.new@example.com');
    expect(row.paypalEmailChangedAt).toEqual(clock.now);
    expect(lines.filter((line) => line.includes('could not send a PayPal change notice'))).toHaveLength(2);
  });

  it('holds redemptions for 24 hours after the change, with the reason and the time they resume', async () => {
    const eve = await creator(500);
    // Onboarding sets the address without a hold, and an edit that keeps it starts none.
    expect((await patchProfile(eve.cookie, { city: 'Dallas' })).status).toBe(200);
    expect((await profileRow(eve.creatorId)).paypalEmailChangedAt).toBeNull();
    expect((await redeem(eve.cookie)).status).toBe(201);

    clock.advance(HOUR);
    const changed = await patchProfile(eve.cookie, {
      paypalEmail: 'eve.new@example.com',
      currentPassword: PASSWORD,
    });
    expect(changed.status).toBe(200);
    const message =
      'Your PayPal email changed on June 1, 2026, 13:00 UTC; for your safety, cash-outs resume at June 2, 2026, 13:00 UTC (24 hours after the change).';
    const wallet = (await (await getWithCookie(app, '/api/me/wallet', eve.cookie)).json()) as Wallet;
    expect(wallet.paypalEmailChangedAt).toBe('2026-06-01T13:00:00.000Z');

    expect(await redeem(eve.cookie)).toEqual({ status: 409, body: { error: message, code: 'CONFLICT' } });
    clock.advance(24 * HOUR - 60_000);
    expect(await redeem(eve.cookie)).toEqual({ status: 409, body: { error: message, code: 'CONFLICT' } });
    expect((await payoutsOf(eve.creatorId)).map((p) => p.paypalEmail)).toEqual([READY_PROFILE.paypalEmail]);

    clock.advance(60_000);
    const after = await redeem(eve.cookie);
    expect(after.status).toBe(201);
    expect(after.body.paypalEmail).toBe('eve.new@example.com');
  });

  it('a redemption racing a PayPal change never pays the new address before the hold ends', async () => {
    const fay = await creator(5_000);
    let changing = true;
    const change = patchProfile(fay.cookie, {
      paypalEmail: 'fay.new@example.com',
      currentPassword: PASSWORD,
    }).finally(() => {
      changing = false;
    });
    // Redemptions all through the change: a burst at once, then one after another until it is done, then one more.
    const burst = Promise.all(Array.from({ length: 4 }, () => redeem(fay.cookie)));
    const serial = (async () => {
      const results: Array<Awaited<ReturnType<typeof redeem>>> = [];
      while (changing) results.push(await redeem(fay.cookie));
      results.push(await redeem(fay.cookie));
      return results;
    })();
    expect((await change).status).toBe(200);
    const results = [...(await burst), ...(await serial)];

    const held = results.filter((r) => r.status === 409);
    expect(held.length).toBeGreaterThanOrEqual(1);
    for (const result of held) expect(result.body.error).toMatch(/^Your PayPal email changed on /);
    for (const result of results.filter((r) => r.status !== 409)) {
      expect(result.status).toBe(201);
      expect(result.body.paypalEmail).toBe(READY_PROFILE.paypalEmail);
    }
    const paid = await payoutsOf(fay.creatorId);
    expect(paid.length).toBe(results.length - held.length);
    expect(paid.every((p) => p.paypalEmail === READY_PROFILE.paypalEmail)).toBe(true);
  });

  it.runIf(driver === 'postgres')(
    'a PayPal change and a redemption writing its payout never deadlock (the change takes no key lock on the creator)',
    async () => {
      const hal = await creator(500);
      let change: ReturnType<typeof patchProfile> | undefined;
      await database.db.transaction(async (tx) => {
        // What a redemption holds while it writes: the profile row's share lock (lockPayoutTarget)…
        await lockPayoutTarget(tx, hal.creatorId);
        change = patchProfile(hal.cookie, { paypalEmail: 'hal.new@example.com', currentPassword: PASSWORD });
        // …while the change, past its password check, locks the creator and waits for the profile row…
        for (let i = 0; i < 100; i += 1) {
          const result = (await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and query ilike '%influencer_profiles%for update%'`,
          )) as unknown as { rows: Array<{ n: number }> };
          const [waiting] = result.rows;
          if ((waiting?.n ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // …then the key-share lock its payout's and ledger entry's foreign keys take on the creator's row.
        await tx
          .select({ id: creators.id })
          .from(creators)
          .where(eq(creators.id, hal.creatorId))
          .for('key share');
      });
      expect((await change!).status).toBe(200);
    },
  );

  it.runIf(driver === 'postgres')(
    'a redemption waits for a PayPal change in progress, then is held (lock order)',
    async () => {
      const gus = await creator(500);
      let answered = false;
      let pending: Promise<Awaited<ReturnType<typeof redeem>>> | undefined;
      await database.db.transaction(async (tx) => {
        // The change as updateProfile makes it: the profile row locked, the new address and its time written.
        await lockProfileForWrite(tx, gus.creatorId);
        await tx
          .update(creatorProfiles)
          .set({ paypalEmail: 'gus.new@example.com', paypalEmailChangedAt: clock.now })
          .where(eq(creatorProfiles.creatorId, gus.creatorId));
        pending = redeem(gus.cookie).finally(() => {
          answered = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        // Still waiting on the row the change holds: it did not read the old address past the lock.
        expect(answered).toBe(false);
      });
      const result = await pending!;
      expect(result.status).toBe(409);
      expect(await payoutsOf(gus.creatorId)).toEqual([]);
    },
  );
});
