import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { useServedApp } from '../../../tests/support/served-app';
import { MAX_UPLOAD_BYTES } from '../services/uploads';
import { DISCARD_MAX_BYTES, MAX_JSON_BYTES, MAX_MULTIPART_BYTES } from './body-limit';

const ORIGIN = 'http://localhost:3000';

describe('request bodies are capped before anything parses them', () => {
  const api = useAdminApp('pglite', { adminEmail: 'caps@mintbox.test' });

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    api.app.request(path, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: api.admin, ...headers },
      body,
    });
  /** A body the server has to count itself: streamed, with no Content-Length. */
  const streamed = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 64 * 1024)
          controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });

  it('answers 413 to JSON over 1 MB, declared or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BYTES) });
    const declared = await post('/api/admin/campaigns', big, {
      'content-type': 'application/json',
      'content-length': String(big.length),
    });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: string }).error).toBe(
      'The request is too large: send at most 1 MB.',
    );
    const counted = await api.app.request('/api/admin/campaigns', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: api.admin, 'content-type': 'application/json' },
      body: streamed(big),
      duplex: 'half',
    } as RequestInit);
    expect(counted.status).toBe(413);
    // Just under the cap goes on to validation.
    const under = await post(
      '/api/admin/campaigns',
      JSON.stringify({ name: 'x'.repeat(MAX_JSON_BYTES - 100) }),
      {
        'content-type': 'application/json',
      },
    );
    expect(under.status).toBe(400);
  });

  it('caps a CSV import at 1 MB and an upload at the image limit', async () => {
    const csv = await post('/api/admin/campaigns/1/shipments', 'x'.repeat(MAX_JSON_BYTES + 1), {
      'content-type': 'text/csv',
    });
    expect(csv.status).toBe(413);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(MAX_MULTIPART_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    const upload = await post('/api/admin/uploads', form);
    expect(upload.status).toBe(413);
    const png = new Uint8Array(MAX_UPLOAD_BYTES - 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const fits = new FormData();
    fits.set('file', new File([png], 'fits.png', { type: 'image/png' }));
    expect((await post('/api/admin/uploads', fits)).status).toBe(201);
  });

  it("caps Better Auth's endpoints too", async () => {
    const response = await api.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.example', password: 'p'.repeat(MAX_JSON_BYTES) }),
    });
    expect(response.status).toBe(413);
  });
});

/**
 * Over a real socket (the app served by @hono/node-server on a loopback port), which app.request cannot show: what
 * happens to the connection after a 413.
 */
describe('the connection after a 413', () => {
  const served = useServedApp();

  /** Sends `parts` on one connection (one after the other) and collects what comes back until the server closes. */
  const exchange = (parts: Array<string | Buffer>, expectedAnswers: number) =>
    new Promise<{ answers: string[]; ended: boolean; error: string | null }>((resolve) => {
      const socket = connect(served.port, '127.0.0.1');
      let received = '';
      let ended = false;
      let error: string | null = null;
      const answers = () => received.split(/(?=HTTP\/1\.1 \d{3} )/).filter(Boolean);
      const done = () => resolve({ answers: answers(), ended, error });
      socket.on('connect', () => {
        for (const part of parts) socket.write(part);
      });
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        // Every answer is complete (each has its whole body): stop listening, unless the server closes first.
        const all = answers();
        const complete = all.filter((a) => {
          const length = Number(/content-length: (\d+)/i.exec(a)?.[1] ?? Number.NaN);
          const body = a.split('\r\n\r\n')[1] ?? '';
          return Buffer.byteLength(body, 'latin1') === length;
        });
        if (complete.length === expectedAnswers && !/connection: close/i.test(all.at(-1) ?? '')) {
          socket.destroy();
          done();
        }
      });
      socket.on('end', () => {
        ended = true;
      });
      socket.on('error', (e: NodeJS.ErrnoException) => {
        error = e.code ?? e.message;
      });
      socket.on('close', done);
      socket.setTimeout(15_000, () => socket.destroy());
    });

  const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
  const SIGN_IN = [
    'POST /api/auth/sign-in/email HTTP/1.1',
    'Host: localhost:3000',
    `Origin: ${ORIGIN}`,
    'Content-Type: application/json',
  ];
  const HEALTH = head(['GET /api/health HTTP/1.1', 'Host: localhost:3000']);
  const big = Buffer.alloc(2 * MAX_JSON_BYTES, 'a');

  it('answers the next request on the same connection after a 413 to a declared body over 1 MB', async () => {
    const result = await exchange([head([...SIGN_IN, `Content-Length: ${big.length}`]), big, HEALTH], 2);
    expect(result.error).toBeNull();
    expect(result.answers).toHaveLength(2);
    expect(result.answers[0]).toMatch(/^HTTP\/1\.1 413 [\s\S]*Connection: keep-alive[\s\S]*too large/i);
    expect(result.answers[1]).toMatch(/^HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
  });

  it('answers the next request on the same connection after a 413 to a chunked body over 1 MB', async () => {
    const chunked = Buffer.concat([
      Buffer.from(`${big.length.toString(16)}\r\n`),
      big,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const result = await exchange([head([...SIGN_IN, 'Transfer-Encoding: chunked']), chunked, HEALTH], 2);
    expect(result.error).toBeNull();
    expect(result.answers).toHaveLength(2);
    expect(result.answers[0]).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.answers[1]).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('says Connection: close to a body too big to read, and closes cleanly after the whole answer', async () => {
    const result = await exchange([head([...SIGN_IN, `Content-Length: ${DISCARD_MAX_BYTES + 1}`])], 1);
    expect(result.error).toBeNull();
    expect(result.ended).toBe(true);
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0]).toMatch(/^HTTP\/1\.1 413 [\s\S]*Connection: close[\s\S]*too large/i);
    const body = result.answers[0]!.split('\r\n\r\n')[1]!;
    expect(JSON.parse(body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
