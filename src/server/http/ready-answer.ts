import type { Context } from 'hono';
import { acceptsGzip, COMPRESS_THRESHOLD } from '../middleware/response-headers';
import { etagMatches, gzippedBody, type ReadyAnswer } from '../services/public-answers';

/** The OpenAPI responses of a route answering with a kept answer: 200 with its schema, 304 when the ETag is current. */
export const keptResponses = <T>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
  304: { description: 'Not modified: the ETag sent in If-None-Match is still current' },
});

/**
 * A kept answer (services/admin-answers.ts, decision 0049) as its ready bytes with their strong ETag: 304 without a
 * body when the client already holds it, the body gzipped once per kept answer when the client asks for gzip (the
 * compression middleware leaves an encoded body alone). Cache-Control stays the API's default.
 */
export async function sendReadyAnswer(c: Context, answer: ReadyAnswer): Promise<Response> {
  const headers: Record<string, string> = { ETag: answer.etag };
  if (etagMatches(c.req.header('If-None-Match'), answer.etag))
    return new Response(null, { status: 304, headers });
  headers['Content-Type'] = 'application/json';
  if (answer.bytes >= COMPRESS_THRESHOLD && acceptsGzip(c.req.header('Accept-Encoding'))) {
    headers['Content-Encoding'] = 'gzip';
    headers.Vary = 'Accept-Encoding';
    return new Response(await gzippedBody(answer), { status: 200, headers });
  }
  return new Response(answer.body, { status: 200, headers });
}
