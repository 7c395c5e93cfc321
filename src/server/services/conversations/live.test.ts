import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAdmin } from '../../../../tests/support/auth-client';
import { captureMailer } from '../../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../../tests/support/creators';
import { eventStreamText } from '../../../../tests/support/event-stream';
import { insertCampaign } from '../../../../tests/support/factories';
import { testEnv } from '../../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { type InvalidationSubscription, listenForInvalidations } from '../../../db/cache-invalidation';
import { type DatabaseHandle, openDatabase } from '../../../db/client';
import { createAuth } from '../../auth/auth';
import { createApp } from '../../http/app';
import { silentLogger } from '../../process/logger';
import { upsertAdmin } from '../admin-accounts';

const url = process.env.TEST_DATABASE_URL;
const ORIGIN = 'http://localhost:3000';

/**
 * Issue 26: two app instances on one PostgreSQL database, each with its own pool and LISTEN connection. A browser's
 * stream is connected over HTTP to instance B; the team writes on instance A.
 */
describe.skipIf(!url)('conversation streams across two instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  const listeners: InvalidationSubscription[] = [];
  let appA: ReturnType<typeof createApp>;
  let server: ReturnType<typeof serve>;
  let baseB: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: url!, searchPath: database.migrationsSchema, poolSize: 3 });
    const env = testEnv({ TRUST_PROXY: 'true' });
    const logger = silentLogger();
    for (const db of [database.db, second.db]) {
      listeners.push(
        await listenForInvalidations(db, { connectionString: url!, logger: pino({ level: 'silent' }) }),
      );
    }
    appA = createApp({ db: database.db, env, logger, mailer: captureMailer() });
    const appB = createApp({
      db: second.db,
      env,
      logger,
      mailer: captureMailer(),
      auth: createAuth({ db: second.db, env, logger }),
    });
    server = serve({ fetch: appB.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    baseB = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    (server as import('node:http').Server | undefined)?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    for (const listener of listeners) await listener.close();
    await second?.close();
    await database?.destroy();
  });

  it('a message posted on instance A arrives on a stream opened on instance B within 2 seconds', async () => {
    const auth = createAuth({ db: database.db, env: testEnv(), logger: silentLogger() });
    await upsertAdmin(database.db, auth, {
      email: 'lee@mintbox.test',
      name: 'Lee',
      password: 'admin password 2026!',
    });
    const admin = await signInAdmin(appA, 'lee@mintbox.test', 'admin password 2026!');
    const creator = await createReadyCreator(appA, database.db, {
      email: 'live@example.com',
      name: 'Live One',
    });
    const campaign = await insertCampaign(database.db, {
      status: 'active',
      deadline: '2099-01-01',
      followersRequired: 0,
    });
    const applied = await postJson(appA, `/api/campaigns/${campaign.id}/applications`, {}, creator.cookie);
    const applicationId = ((await applied.json()) as { id: number }).id;
    const opened = await postJson(
      appA,
      `/api/applications/${applicationId}/conversation`,
      {},
      creator.cookie,
    );
    const conversationId = ((await opened.json()) as { id: number }).id;

    // The creator's browser, on instance B.
    const controller = new AbortController();
    const stream = await fetch(`${baseB}/api/conversations/${conversationId}/stream`, {
      headers: { cookie: creator.cookie, origin: ORIGIN, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const events = eventStreamText(stream);
    await events.until('event: ready', 2000);

    // The team answers on instance A.
    const started = Date.now();
    const sent = await postJson(
      appA,
      `/api/admin/conversations/${conversationId}/messages`,
      { body: 'Hi from A' },
      admin,
    );
    expect(sent.status).toBe(201);
    const messageId = ((await sent.json()) as { id: number }).id;
    await events.until(`{"conversationId":${conversationId},"messageId":${messageId}}`, 2000);
    expect(Date.now() - started).toBeLessThan(2000);

    // What the browser then reads from B is the new message.
    const thread = await fetch(`${baseB}/api/conversations/${conversationId}`, {
      headers: { cookie: creator.cookie, origin: ORIGIN },
    });
    const body = (await thread.json()) as { items: Array<{ type: string; body?: string }> };
    expect(body.items.filter((i) => i.type === 'message').map((i) => i.body)).toEqual(['Hi from A']);
    controller.abort();
  });

  it('a stream on B is refused at open without a session (401), before any event', async () => {
    const response = await fetch(`${baseB}/api/conversations/1/stream`, { headers: { origin: ORIGIN } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
