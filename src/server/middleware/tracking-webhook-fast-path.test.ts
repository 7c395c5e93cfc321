import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { type FakeEasypost, strayTrackerEvent } from '../../../tests/support/fake-easypost';
import { memoryLogger } from '../../../tests/support/memory-logger';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { startTrackedApp } from '../../../tests/support/tracked-app';
import { trackingWebhookEvents } from '../../db/schema/shipping';
import { sessionCookieName } from '../auth/auth';
import type { createApp } from '../http/app';
import type { ServerLifecycle } from '../http/context';
import { MAX_WEBHOOK_BYTES } from '../http/webhook-body';
import { createMetrics } from '../process/metrics';
import { TRACKING_WEBHOOK_PATH } from './tracking-webhook-fast-path';

/** Header names and values, the request id aside (each answer has its own). */
const headersOf = (response: Response) =>
  [...response.headers].filter(([name]) => name !== 'x-request-id').sort(([a], [b]) => a.localeCompare(b));

/** An Event about a tracker nobody ships (kept, then set aside by the job). */
const event = strayTrackerEvent;

/**
 * EasyPost's Events are acknowledged before Hono routes the request (decision 0062): the same answers, headers,
 * metrics and log lines as the chain; everything but a stored Event's 200 is the chain's.
 */
describe.each(TEST_DRIVERS)('the tracking webhook fast path on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let fake: FakeEasypost;
  let chainCookie: Record<string, string>;
  const log = memoryLogger('info');
  const metrics = createMetrics();
  const lifecycle: ServerLifecycle = { draining: false };

  const post = (
    body: string,
    headers: Record<string, string> = fake.sign(body),
    path = TRACKING_WEBHOOK_PATH,
  ) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const storedCount = async (ids: string[]) =>
    (
      await database.db
        .select({ id: trackingWebhookEvents.eventId })
        .from(trackingWebhookEvents)
        .where(inArray(trackingWebhookEvents.eventId, ids))
    ).length;

  beforeAll(async () => {
    let env: Awaited<ReturnType<typeof startTrackedApp>>['env'];
    ({ fake, database, app, env } = await startTrackedApp(driver, {
      mailer: captureMailer(),
      logger: log.logger,
      metrics,
      lifecycle,
    }));
    // A session cookie that is no session: the request takes the whole chain, which finds no user.
    chainCookie = { cookie: `${sessionCookieName(env)}=not-a-session` };
  });
  afterAll(async () => {
    await database?.destroy();
    await fake?.close();
  });

  it('answers a stored Event and its repeat exactly as the chain does: status, body and headers', async () => {
    const body = event('evt_fast_same');
    const fast = await post(body);
    expect(fast.status).toBe(200);
    expect(await fast.json()).toEqual({ received: true, repeated: false });
    expect(await storedCount(['evt_fast_same'])).toBe(1);

    const chain = await post(body, { ...fake.sign(body), ...chainCookie });
    const fastAgain = await post(body);
    expect(chain.status).toBe(200);
    expect(await chain.json()).toEqual({ received: true, repeated: true });
    expect(await fastAgain.json()).toEqual({ received: true, repeated: true });
    expect(headersOf(fast)).toEqual(headersOf(chain));
    expect(headersOf(fastAgain)).toEqual(headersOf(chain));
    expect(fast.headers.get('x-request-id')).not.toBe(chain.headers.get('x-request-id'));
    expect(await storedCount(['evt_fast_same'])).toBe(1);
  });

  it('leaves every refusal to the chain, with the body it read: forged, unsigned, not JSON, too large, wrong type', async () => {
    const body = event('evt_fast_refused');
    const refused: Array<[string, Response, number, string]> = [
      [
        'forged',
        await post(body, fake.sign(body, 'not the secret')),
        401,
        'signature is missing or does not match',
      ],
      ['unsigned', await post(body, {}), 401, 'signature is missing or does not match'],
      [
        'not JSON',
        await post('{"id": "evt_', fake.sign('{"id": "evt_')),
        400,
        'The webhook body is not JSON.',
      ],
      ['too large', await post(' '.repeat(MAX_WEBHOOK_BYTES + 1), {}), 413, 'The webhook body is too large.'],
      [
        'plain text',
        await post(body, { ...fake.sign(body), 'content-type': 'text/plain' }),
        415,
        'application/json',
      ],
    ];
    for (const [what, response, status, message] of refused) {
      expect(response.status, what).toBe(status);
      expect(((await response.json()) as { error: string }).error, what).toContain(message);
      expect(response.headers.get('x-request-id'), what).toBeTruthy();
    }
    expect(await storedCount(['evt_fast_refused'])).toBe(0);
  });

  it('counts, logs inside its request id and closes draining connections like the chain', async () => {
    const body = event('evt_fast_logged');
    lifecycle.draining = true;
    const response = await post(body);
    lifecycle.draining = false;
    expect(response.headers.get('connection')).toBe('close');
    const requestId = response.headers.get('x-request-id');
    const line = log.lines.find((l) => l.requestId === requestId);
    expect(line).toMatchObject({ msg: 'request', method: 'POST', route: TRACKING_WEBHOOK_PATH, status: 200 });
    expect(await metrics.registry.metrics()).toMatch(
      /mintbox_http_requests_total\{method="POST",route="\/api\/webhooks\/easypost",status="200"\} \d+/,
    );
  });

  it('over a socket, reads each body as it arrives and answers a concurrent burst after each row is stored', async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const send = (body: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const payload = Buffer.from(body);
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: TRACKING_WEBHOOK_PATH,
            headers: {
              'content-type': 'application/json',
              'content-length': payload.length,
              ...fake.sign(body),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        // The body in two writes, so the server reads it in more than one chunk.
        req.write(payload.subarray(0, 20));
        setTimeout(() => req.end(payload.subarray(20)), 5);
      });
    try {
      const ids = Array.from({ length: 30 }, (_, i) => `evt_fast_socket_${i}`);
      const answers = await Promise.all(
        ids.map(async (id) => {
          const answer = await send(event(id));
          return { ...answer, storedWhenAnswered: (await storedCount([id])) === 1 };
        }),
      );
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 200,
          text: '{"received":true,"repeated":false}',
          storedWhenAnswered: true,
        });
      }
      const again = await send(event(ids[0] as string));
      expect(again).toEqual({ status: 200, text: '{"received":true,"repeated":true}' });
      expect(await storedCount(ids)).toBe(30);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
