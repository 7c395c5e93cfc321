import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyAnswer, OutboundError, openOutbound, retryAfterMs, sendOutbound } from './outbound';

/** A local server answering from a script: each request takes the next step (the last one repeats). */
type Step = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

describe('the outbound HTTP helper, against a local server', () => {
  let server: Server;
  let base: string;
  let script: Step[] = [];
  let seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };
  const common = { service: 'Example', sleep, random: () => 1 } as const;

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        const step = script[Math.min(seen.length - 1, script.length - 1)]!;
        if (step === 'hang') return;
        response.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
        response.end(step.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    script = [];
    seen = [];
    sleeps.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the method, headers and body as given, and reads a JSON answer', async () => {
    script = [{ status: 201, body: '{"id":"B1"}' }];
    const answer = await sendOutbound({
      ...common,
      url: `${base}/v1/things?x=1`,
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer).toMatchObject({ status: 201, body: { id: 'B1' }, failure: null, attempts: 1 });
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/v1/things?x=1',
        body: '{"a":1}',
        headers: expect.objectContaining({ authorization: 'Bearer t' }),
      }),
    ]);
  });

  it('retries a GET after a 5xx with a doubling back-off, and answers the success', async () => {
    script = [
      { status: 503, body: '{}' },
      { status: 502, body: '<html>' },
      { status: 200, body: '[1]' },
    ];
    const answer = await sendOutbound({ ...common, url: `${base}/read` });
    expect(answer).toMatchObject({ status: 200, body: [1], failure: null, attempts: 3 });
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([200, 400]);
  });

  it('gives up after the retries and answers the last failure, sorted', async () => {
    script = [{ status: 500, body: '{"error":"x"}' }];
    const answer = await sendOutbound({ ...common, url: `${base}/down`, retries: 1 });
    expect(answer).toMatchObject({ status: 500, body: { error: 'x' }, failure: 'server', attempts: 2 });
    expect(seen).toHaveLength(2);
  });

  it('never repeats a POST unless it is declared idempotent (an idempotency key)', async () => {
    script = [
      { status: 503, body: '{}' },
      { status: 201, body: '{}' },
    ];
    const once = await sendOutbound({ ...common, url: `${base}/pay`, method: 'POST', body: '{}' });
    expect(once).toMatchObject({ status: 503, failure: 'server', attempts: 1 });
    expect(seen).toHaveLength(1);

    seen = [];
    const keyed = await sendOutbound({
      ...common,
      url: `${base}/pay`,
      method: 'POST',
      body: '{}',
      headers: { 'paypal-request-id': 'r-1' },
      idempotent: true,
    });
    expect(keyed).toMatchObject({ status: 201, failure: null, attempts: 2 });
    expect(seen.map((s) => s.headers['paypal-request-id'])).toEqual(['r-1', 'r-1']);
  });

  it('does not retry a 4xx or an unreadable success, and sorts them', async () => {
    script = [{ status: 404, body: '{"error":"gone"}' }];
    expect(await sendOutbound({ ...common, url: `${base}/x` })).toMatchObject({
      status: 404,
      failure: 'client',
      body: { error: 'gone' },
      attempts: 1,
    });
    seen = [];
    script = [{ status: 200, body: '<html>not json</html>', headers: { 'content-type': 'text/html' } }];
    expect(await sendOutbound({ ...common, url: `${base}/x` })).toMatchObject({
      status: 200,
      failure: 'unreadable',
      body: null,
      text: '<html>not json</html>',
      attempts: 1,
    });
    seen = [];
    expect(await sendOutbound({ ...common, url: `${base}/x`, expect: 'text' })).toMatchObject({
      failure: null,
      body: null,
      text: '<html>not json</html>',
    });
  });

  it('waits the Retry-After of a 429 when it is short, and hands back a long one at once', async () => {
    script = [
      { status: 429, body: '{}', headers: { 'retry-after': '1' } },
      { status: 200, body: '{}' },
    ];
    expect(await sendOutbound({ ...common, url: `${base}/q` })).toMatchObject({ status: 200, attempts: 2 });
    expect(sleeps).toEqual([1000]);

    seen = [];
    sleeps.length = 0;
    script = [{ status: 429, body: '{"error":"quota"}', headers: { 'retry-after': '3600' } }];
    expect(await sendOutbound({ ...common, url: `${base}/q` })).toMatchObject({
      status: 429,
      failure: 'rate-limited',
      attempts: 1,
    });
    expect(sleeps).toEqual([]);
  });

  it('a call that does not answer in time is a timeout (retried for a GET, not for a POST)', async () => {
    script = ['hang'];
    const post = await sendOutbound({ ...common, url: `${base}/slow`, method: 'POST', timeoutMs: 150 }).catch(
      (e: unknown) => e,
    );
    expect(post).toBeInstanceOf(OutboundError);
    expect(post).toMatchObject({
      kind: 'timeout',
      attempts: 1,
      message: 'Example did not answer within 150 ms',
    });
    seen = [];
    const get = await sendOutbound({ ...common, url: `${base}/slow`, timeoutMs: 150, retries: 1 }).catch(
      (e: unknown) => e,
    );
    expect(get).toMatchObject({ kind: 'timeout', attempts: 2 });
    expect(seen).toHaveLength(2);
  });

  it('a service that cannot be reached is a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await sendOutbound({
      ...common,
      url: `http://127.0.0.1:${port}/nothing`,
      retries: 0,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ kind: 'network', attempts: 1 });
    expect((error as Error).message).toMatch(/^Example could not be reached: .*ECONNREFUSED/);
  });

  it('opens an answer for the client to read itself: retried the same way, redirects left to it when asked', async () => {
    script = [
      { status: 503, body: 'busy' },
      { status: 302, headers: { location: '/elsewhere' } },
    ];
    const { response, attempts } = await openOutbound({ ...common, url: `${base}/img`, redirect: 'manual' });
    expect(attempts).toBe(2);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/elsewhere');
    await response.body?.cancel();
    expect(sleeps).toEqual([200]);
  });

  it('sorts statuses and reads Retry-After in seconds or as a date', () => {
    expect([200, 204, 302, 400, 401, 404, 429, 500, 503].map((s) => classifyAnswer(s, true))).toEqual([
      null,
      null,
      null,
      'client',
      'client',
      'client',
      'rate-limited',
      'server',
      'server',
    ]);
    expect(classifyAnswer(200, false)).toBe('unreadable');
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
