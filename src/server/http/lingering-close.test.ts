import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useServedApp } from '../../../tests/support/served-app';
import { DISCARD_MAX_BYTES } from '../middleware/body-limit';
import { lingeringClose } from './lingering-close';

const ORIGIN = 'http://localhost:3000';

interface Exchange {
  answer: string;
  error: string | null;
}

/**
 * A client as curl is: it sends its request (the rest of the body `slowly`, 64 KB every 20 ms) until an answer has
 * come whole, then stops sending and closes its side. What it read, and whether the connection was reset.
 */
function client(port: number, head: string, slowly: boolean): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let error: string | null = null;
    let timer: NodeJS.Timeout | undefined;
    const complete = () => {
      const length = Number(/content-length: (\d+)/i.exec(answer)?.[1] ?? Number.NaN);
      const body = answer.split('\r\n\r\n')[1];
      return body !== undefined && (Number.isNaN(length) || Buffer.byteLength(body, 'latin1') >= length);
    };
    socket.on('connect', () => {
      socket.write(head);
      if (!slowly) return;
      const chunk = Buffer.alloc(64 * 1024, 'a');
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(chunk);
      }, 20);
    });
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (complete()) {
        clearInterval(timer);
        socket.end();
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, error });
    });
    socket.setTimeout(15_000, () => socket.destroy());
  });
}

// Issue 42, items 5 and 6: the refusals that close the connection close it cleanly (no reset before the client has
// read the answer): a body declared over 16 MB sent by slow clients, a 100 KB address.
describe('lingering close of refused connections', () => {
  const served = useServedApp(lingeringClose);

  it('gives each of 20 slow clients sending a body declared over 16 MB its 413, without a reset', async () => {
    const head = [
      'POST /api/auth/sign-in/email HTTP/1.1',
      'Host: localhost:3000',
      `Origin: ${ORIGIN}`,
      'Content-Type: application/json',
      `Content-Length: ${DISCARD_MAX_BYTES + 4 * 1024 * 1024}`,
    ].join('\r\n');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client(served.port, `${head}\r\n\r\n`, true)),
    );
    for (const result of results) {
      expect(result.error).toBeNull();
      expect(result.answer).toMatch(/^HTTP\/1\.1 413 [\s\S]*Connection: close[\s\S]*too large/i);
    }
  });

  it('answers a 100 KB address with 414 and a header block over the limit with 431, without a reset', async () => {
    const url = await client(
      served.port,
      `GET /api/health?q=${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: localhost:3000\r\n\r\n`,
      false,
    );
    expect(url.error).toBeNull();
    expect(url.answer).toMatch(/^HTTP\/1\.1 414 [\s\S]*Connection: close[\s\S]*address is too long/i);
    const headers = await client(
      served.port,
      `GET /api/health HTTP/1.1\r\nHost: localhost:3000\r\nX-Big: ${'b'.repeat(100 * 1024)}\r\n\r\n`,
      false,
    );
    expect(headers.error).toBeNull();
    expect(headers.answer).toMatch(/^HTTP\/1\.1 431 [\s\S]*Connection: close[\s\S]*headers are too large/i);
  });
});
