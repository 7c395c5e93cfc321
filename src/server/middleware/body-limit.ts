import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from '../../shared/schemas/error';
import { readWithin } from '../http/bounded-read';
import type { AppBindings } from '../http/context';
import { MAX_UPLOAD_BYTES } from '../services/uploads';

/** Largest JSON (or CSV) body any route takes. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** An upload's file plus the multipart framing around it. */
export const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * A body over its cap is still read, and thrown away, when it is at most this big, so the connection ends cleanly
 * after the 413: a server that answers and closes while the client is still sending resets the connection (the
 * client may never see the answer), and one that answers "keep-alive" but leaves the rest of the body unread cannot
 * serve the next request on it (the connection was dropped, and behind a keep-alive proxy another user's request
 * landed there). Bigger bodies, or bodies still arriving after DISCARD_MAX_MS, are answered at once with
 * `Connection: close`.
 */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
export const DISCARD_MAX_MS = 20_000;

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/;

/** The part of an OpenAPI document these rules read. */
export interface DocumentedRoutes {
  paths?: object;
}

type DocumentedOperation = { requestBody?: { content?: Record<string, unknown> } } | undefined;

interface BodyRule {
  method: string;
  pattern: RegExp;
  /** Media types the route declares; a route without a body takes JSON (or nothing). */
  mediaTypes: string[];
  maxBytes: number;
  /** Path parameters in the template: fewer means more specific (/campaigns/stats before /campaigns/{id}). */
  params: number;
}

function compileRules(document: DocumentedRoutes, prefix: string): BodyRule[] {
  const rules: BodyRule[] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, DocumentedOperation>>;
  for (const [template, operations] of Object.entries(paths)) {
    const params = (template.match(/\{[^}]+\}/g) ?? []).length;
    const source = `${prefix}${template}`
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    const pattern = new RegExp(`^${source}/?$`);
    for (const [method, operation] of Object.entries(operations ?? {})) {
      const declared = Object.keys(operation?.requestBody?.content ?? {}).map((type) => type.toLowerCase());
      const mediaTypes = declared.length > 0 ? declared : ['application/json'];
      const maxBytes = mediaTypes.includes('multipart/form-data') ? MAX_MULTIPART_BYTES : MAX_JSON_BYTES;
      rules.push({ method: method.toUpperCase(), pattern, mediaTypes, maxBytes, params });
    }
  }
  return rules.sort((a, b) => a.params - b.params);
}

function accepts(rule: Pick<BodyRule, 'mediaTypes'>, mediaType: string): boolean {
  if (rule.mediaTypes.includes(mediaType)) return true;
  return JSON_MEDIA_TYPE.test(mediaType) && rule.mediaTypes.includes('application/json');
}

const sizeName = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Reads the rest of a body and drops it; true when it was read to its end within the limits. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  readSoFar: number,
): Promise<boolean> {
  let size = readSoFar;
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DISCARD_MAX_MS);
  });
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), outOfTime]);
      if (chunk === 'late') return false;
      if (chunk.done) return true;
      size += chunk.value.length;
      if (size > DISCARD_MAX_BYTES) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * 413, once the connection is safe to leave: the rest of the body read and dropped (the connection stays usable),
 * or, when it is too big or too slow for that, an answer that says `Connection: close`.
 */
function tooLarge(c: Context<AppBindings>, maxBytes: number, bodyRead: boolean): Response {
  const answer = c.json(
    errorBody(`The request is too large: send at most ${sizeName(maxBytes)}.`, 'PAYLOAD_TOO_LARGE'),
    413,
  );
  if (!bodyRead) answer.headers.set('Connection', 'close');
  return answer;
}

/**
 * Caps the body at `maxBytes` before anything reads it: a declared Content-Length over the cap is refused before
 * reading, a body without one (chunked) is counted as it arrives. Under the cap, the request goes on with the body
 * it read.
 */
async function capBody(c: Context<AppBindings>, next: () => Promise<void>, maxBytes: number) {
  // The declared length first: a body within it is left unread, so the route's `c.req.text()` reads the socket
  // directly (@hono/node-server); touching `body` would build a web stream for it (issue 38: a tenth of a webhook's
  // CPU, decision 0050).
  const declared = c.req.raw.headers.has('transfer-encoding') ? null : c.req.header('content-length');
  if (declared != null && /^\d+$/.test(declared.trim()) && Number(declared) <= maxBytes) return next();
  const body = c.req.raw.body;
  if (!body) return next();
  if (declared != null && /^\d+$/.test(declared.trim())) {
    const drainable = Number(declared) <= DISCARD_MAX_BYTES;
    return tooLarge(c, maxBytes, drainable && (await discardRest(body.getReader(), 0)));
  }
  const reader = body.getReader();
  const { bytes, size } = await readWithin(reader, maxBytes);
  if (!bytes) return tooLarge(c, maxBytes, await discardRest(reader, size));
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
}

/**
 * Paths outside the OpenAPI document (Better Auth's, under /api/auth) take JSON only, like every JSON route: Better
 * Auth would also read a form on its sign-up, sign-in and OAuth callback, which a plain HTML form on any page can send.
 * An OAuth provider that answers with `response_mode=form_post` (Apple) would need its callback path allowed here; none
 * of ours does (Google through genericOAuth, Facebook, X and TikTok all come back to a GET callback), so none is.
 */
const UNDOCUMENTED: Pick<BodyRule, 'mediaTypes' | 'maxBytes'> = {
  mediaTypes: ['application/json'],
  maxBytes: MAX_JSON_BYTES,
};

/**
 * Whether a request without a Content-Type carries a body. HTTP/1.1 says so with Content-Length (not 0) or
 * Transfer-Encoding; a request built in-process may say neither, so then its first chunk is read. A request found
 * to have no body is handed on without one: the Node server gives every POST a body stream, even an empty one, and
 * Better Auth would ask an empty stream for a Content-Type (a bodyless sign-out would get 415).
 */
async function carriesBody(c: Context<AppBindings>): Promise<boolean> {
  const length = c.req.header('content-length');
  if (length !== undefined && length.trim() !== '0') return true;
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const body = c.req.raw.body;
  if (!body) return false;
  if (length === undefined) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (value && value.byteLength > 0) {
        await reader.cancel().catch(() => {});
        return true;
      }
      if (done) break;
    }
  }
  const raw = c.req.raw;
  c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, signal: raw.signal });
  return false;
}

const unsupported = (c: Context<AppBindings>, mediaTypes: string[]) =>
  c.json(errorBody(`Send the request body as ${mediaTypes.join(' or ')}.`, 'UNSUPPORTED_MEDIA_TYPE'), 415);

/**
 * Checks a request body before anything parses it: its type must be one the route declares in the OpenAPI
 * document (JSON unless it says otherwise), JSON on paths outside the document (Better Auth's), and a body without a
 * Content-Type is refused too (415); its size at most 1 MB, or the upload limit on upload routes (413). A request
 * without a body needs no type. `describe` is read once, on the first request, when every route is registered.
 */
export function bodyGuard(describe: () => DocumentedRoutes, prefix = '/api'): MiddlewareHandler<AppBindings> {
  let rules: BodyRule[] | undefined;
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    rules ??= compileRules(describe(), prefix);
    const rule = rules.find((r) => r.method === c.req.method && r.pattern.test(c.req.path)) ?? UNDOCUMENTED;
    const contentType = c.req.header('content-type');
    if (contentType !== undefined) {
      const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
      if (!accepts(rule, mediaType)) return unsupported(c, rule.mediaTypes);
    } else if (await carriesBody(c)) {
      return unsupported(c, rule.mediaTypes);
    }
    return capBody(c, next, rule.maxBytes);
  };
}
