import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { constants, createGzip, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/*
 * Headers added after the handler ran go on `c.res.headers`, never through `c.header()`: at that point
 * `c.header()` makes Hono copy the finished response into a new one, which takes @hono/node-server off its fast
 * path (a string body written at once) and onto reading a stream (decision 0012).
 */

/** `Cache-Control` for answers whose handler did not choose one. */
export function defaultCacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}

export const gzipAsync = promisify(gzip);
/** Bodies smaller than this are sent as they are: gzip would save little and cost a round of CPU. */
export const COMPRESS_THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** Bodies the app builds in one piece (c.json, c.html): read whole, so small ones are sent as they are. */
const WHOLE_BODY = /^(?:application\/(?:[\w.-]+\+)?json|text\/html)\b/i;

/**
 * A streamed body gzipped piece by piece: each piece the handler writes is flushed (Z_SYNC_FLUSH) as soon as it is
 * compressed. `CompressionStream` held its output until its buffer filled, so a CSV of 959 rows (0.1 MB) sent its
 * first byte only when it was nearly done: 420-710 ms instead of the header at once (decision 0057). The gzipped
 * pieces are handed on only as the response takes them (`ReadableStream.from` pulls the Node stream's iterator), so
 * a slow client holds the export back instead of the server holding the export: `Readable.toWeb` read the whole
 * stream ahead on Node 20 (the transactions CSV, 982,001 lines, grew the process by 229 MB).
 */
function gzipAsItStreams(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const gzipped = createGzip({ flush: constants.Z_SYNC_FLUSH });
  // pipeline, not pipe: a client that goes away destroys the gzip stream, and with it the body's reader (the
  // export's cursor is closed), instead of leaving the body paused.
  pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), gzipped, () => {});
  const from = (
    ReadableStream as unknown as { from(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> }
  ).from;
  return from.call(ReadableStream, gzipped);
}

/** Whether Accept-Encoding allows gzip (listed or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip') return allowed;
    if (name === '*') wildcard = allowed;
  }
  return wildcard;
}

/**
 * gzip for clients that ask for it, on bodies of at least `threshold` bytes. Nothing is touched (no `Vary`
 * either) when the request carries no Accept-Encoding that allows gzip: API clients and the bench get the
 * handler's response unchanged. Streamed bodies (CSV export) are compressed as they stream.
 */
export function compressWhenAsked(threshold = COMPRESS_THRESHOLD): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'HEAD' || !acceptsGzip(c.req.header('Accept-Encoding'))) return;
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    const length = res.headers.get('Content-Length');
    if (
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      res.headers.has('Content-Encoding') ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') ||
      (length !== null && Number(length) < threshold)
    ) {
      return;
    }
    let body: BodyInit;
    if (WHOLE_BODY.test(type)) {
      const whole = new Uint8Array(await res.arrayBuffer());
      if (whole.byteLength < threshold) {
        c.res = new Response(whole, res);
        return;
      }
      body = new Uint8Array(await gzipAsync(whole));
    } else {
      if (!res.body) return;
      body = gzipAsItStreams(res.body);
    }
    c.res = new Response(body, res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', 'gzip');
    const vary = c.res.headers.get('Vary');
    if (!vary) c.res.headers.set('Vary', 'Accept-Encoding');
    else if (!/accept-encoding|\*/i.test(vary)) c.res.headers.set('Vary', `${vary}, Accept-Encoding`);
  };
}
