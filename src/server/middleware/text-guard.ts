import type { MiddlewareHandler } from 'hono';
import { hasControlCharacter, TEXT_WHITESPACE } from '../../shared/rules/text';
import { errorBody } from '../../shared/schemas/error';
import type { AppBindings } from '../http/context';

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** No body of the product nests deeper than a few levels; anything past this is refused, not walked. */
export const MAX_JSON_DEPTH = 32;

/**
 * The first problem in a parsed JSON value: where a control character sits (in a key or a string), or that it nests
 * deeper than MAX_JSON_DEPTH. Walks with a queue of its own, so no input can exhaust the call stack.
 */
export function findTextProblem(value: unknown): { where: string; problem: string } | null {
  const queue: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (queue.length > 0) {
    const item = queue.pop()!;
    const where = item.path.join('.') || 'body';
    if (typeof item.value === 'string') {
      if (hasControlCharacter(item.value, TEXT_WHITESPACE))
        return { where, problem: CONTROL_CHARACTER_MESSAGE };
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.path.length >= MAX_JSON_DEPTH) return { where: 'body', problem: 'is nested too deeply' };
    const entries = Array.isArray(item.value)
      ? item.value.map((v, i) => [String(i), v] as const)
      : Object.entries(item.value);
    for (const [key, child] of entries.reverse()) {
      if (hasControlCharacter(key))
        return { where: [...item.path, 'key'].join('.'), problem: CONTROL_CHARACTER_MESSAGE };
      queue.push({ value: child, path: [...item.path, key] });
    }
  }
  return null;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Reads a JSON body without consuming the request (Better Auth's handler and the validators read it after us). */
async function parsedCopy(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.clone().text());
  } catch {
    return undefined; // Not JSON: the route's own validation answers.
  }
}

/**
 * Bodies not read here: the EasyPost webhook's Event is the carrier's, verified by its signature and stored as the
 * carrier sent it (a control character in a carrier's scan must not cost its delivery), and its text is cleaned
 * where it is read (readTracker). Parsing a copy of each Event here cost the burst of issue 38 about a tenth of its
 * CPU per acknowledgement (decision 0050).
 */
export const SIGNED_BODY_PATHS = new Set(['/api/webhooks/easypost']);

/**
 * Refuses control characters in the URL (path and query) and in text bodies (JSON, forms, CSV) with 400 naming the
 * field, before any handler sees them. Runs after the body limit, so a copy of the body is at most 1 MB.
 */
export const rejectControlCharacters: MiddlewareHandler<AppBindings> = async (c, next) => {
  const url = new URL(c.req.url);
  const refuse = (where: string) =>
    c.json(errorBody(`${where}: ${CONTROL_CHARACTER_MESSAGE}`, 'VALIDATION_FAILED', where), 400);
  if (hasControlCharacter(decoded(url.pathname))) return refuse('path');
  for (const [key, value] of url.searchParams) {
    if (hasControlCharacter(key) || hasControlCharacter(value)) return refuse(key || 'query');
  }
  // The method first: reading `body` of a GET makes @hono/node-server build a full Request (about 0.1 ms).
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || SIGNED_BODY_PATHS.has(url.pathname)) return next();
  const raw = c.req.raw;
  if (!raw.body) return next();
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (/^application\/([\w.-]+\+)?json$/.test(mediaType)) {
    const found = findTextProblem(await parsedCopy(raw));
    if (found)
      return c.json(errorBody(`${found.where}: ${found.problem}`, 'VALIDATION_FAILED', found.where), 400);
  } else if (mediaType === 'application/x-www-form-urlencoded') {
    for (const [key, value] of new URLSearchParams(await raw.clone().text())) {
      if (hasControlCharacter(key) || hasControlCharacter(value, TEXT_WHITESPACE))
        return refuse(key || 'body');
    }
  } else if (mediaType.startsWith('text/')) {
    const lines = (await raw.clone().text()).split('\n');
    const line = lines.findIndex((text) => hasControlCharacter(text, '\t\r'));
    if (line >= 0) return refuse(`line ${line + 1}`);
  }
  return next();
};
