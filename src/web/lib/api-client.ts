/**
 * The one HTTP client of the web app. Every call to the API goes through `apiFetch` (JSON answers, uploads, CSV
 * bodies and, with `raw: true`, file downloads). It understands:
 * - the app's error answers `{ error, code, field? }` (docs/decisions: the error format),
 * - Better Auth's error answers `{ message, code }`,
 * - `Retry-After` on 429 (as seconds on the error),
 * - network failures (a sentence a person can act on, not the browser's 'Failed to fetch').
 * A non-OK answer without a message keeps the spec §8 text 'HTTP error! status: {status}'.
 */

import type { z } from 'zod';
import type { ErrorCode } from '../../shared/schemas/error';

/** Stable error codes the UI may branch on. The server sends them; an answer without one gets the code of its status. */
export type ApiErrorCode =
  // The app's own codes (src/shared/schemas/error.ts).
  | ErrorCode
  // No answer, or an answer without a code whose status says nothing more.
  | 'NETWORK_ERROR'
  | 'HTTP_ERROR'
  // Better Auth's own codes that the screens use.
  | 'INVALID_EMAIL_OR_PASSWORD'
  | 'INVALID_TOKEN'
  // Any other specific code the server sends.
  | (string & {});

export const NETWORK_ERROR_MESSAGE = 'We could not reach Mintbox. Check your connection and try again.';

/** The code an answer without one stands for, from its status alone. */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR';
  }
}

/**
 * An API call that failed. `message` is the server's own text when it sent one (`fromServer`), else the spec's
 * 'HTTP error! status: {status}', or NETWORK_ERROR_MESSAGE when no answer came (status 0, code NETWORK_ERROR).
 * `field` names the input a validation answer is about; `retryAfterSeconds` comes from a 429's Retry-After.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly fromServer: boolean;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    message: string,
    details: {
      code?: ApiErrorCode | undefined;
      fromServer?: boolean | undefined;
      field?: string | undefined;
      retryAfterSeconds?: number | undefined;
    } = {},
  ) {
    super(message);
    this.code = details.code ?? (status === 0 ? 'NETWORK_ERROR' : codeForStatus(status));
    this.fromServer = details.fromServer ?? false;
    this.field = details.field;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export function isApiError(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/**
 * Whether a failed read means "there is no such thing" to a person: not found, or an id that cannot exist
 * (`/campaign/abc` is refused as a validation error).
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error, 'NOT_FOUND', 'VALIDATION_FAILED', 'BAD_REQUEST');
}

/** Retry-After as whole seconds from now (it may be a number of seconds or an HTTP date); undefined if absent. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number.parseInt(value, 10);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

/** Reads a failed answer into an ApiError: the app's {error, code, field} or Better Auth's {message, code}. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's page, an empty body): only the status tells.
  }
  const message = text(body.error) ?? text(body.message);
  return new ApiError(response.status, message ?? `HTTP error! status: ${response.status}`, {
    code: text(body.code),
    fromServer: message !== undefined,
    field: text(body.field),
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  });
}

export interface ApiInit extends RequestInit {
  /** A value to send as JSON (sets the content type). */
  json?: unknown;
}

async function send(path: string, { json, ...init }: ApiInit): Promise<Response> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (json !== undefined) body = JSON.stringify(json);
  if (body !== undefined && body !== null && typeof body === 'string' && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, body, headers });
  } catch (error) {
    // A cancelled request (TanStack Query's signal) stays a cancellation.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * Who confirms a second factor when the server answers 403 STEP_UP_REQUIRED (money actions, exports of personal
 * data): the step-up dialog registers itself here while it is on the page (components/step-up-dialog.tsx). It
 * answers true once a code was confirmed, false when the person gave up.
 */
type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

/** Registers the step-up dialog; answers the function that unregisters it. */
export function handleStepUp(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

/** send(), asking for a second factor once (and trying again) when the server wants a fresh one. */
async function sendWithStepUp(path: string, init: ApiInit): Promise<Response> {
  try {
    return await send(path, init);
  } catch (error) {
    // The server refused before doing anything, so the same request can go again once the code is confirmed.
    if (!isApiError(error, 'STEP_UP_REQUIRED') || !stepUpHandler) throw error;
    if (!(await stepUpHandler())) throw error;
    return send(path, init);
  }
}

/**
 * Whether answers are checked against their schema before a screen reads them: in development and in tests, so a
 * server answer that drifts from its contract fails loudly where it is made. The production build trusts the
 * contract (the server declares the same schemas, and TypeScript holds both sides to them) and skips the parse
 * (decision 0026).
 */
export const CHECK_ANSWERS: boolean = import.meta.env.DEV;

/** The answer did not have the shape its schema (src/shared/schemas) promises. */
export const CONTRACT_MISMATCH = 'CONTRACT_MISMATCH';

/**
 * The answer type of a read made before / or /campaign/:id is interactive (session, configuration, catalogue,
 * campaign, eligibility), taken from its shared schema's type (`z.infer`), without putting zod and the schemas into
 * the first load (decision 0012: 100 KB). These answers are typed, not parsed; the server is held to the same
 * schemas by TypeScript and by the OpenAPI contract test (decision 0026).
 */
export interface FirstLoadAnswer<T> {
  readonly firstLoad: true;
  readonly type?: T;
}
export const firstLoadAnswer = <T>(): FirstLoadAnswer<T> => ({ firstLoad: true });

/** Checks `body` against `schema`; throws an ApiError CONTRACT_MISMATCH naming the first field that is off. */
export function checkAnswer<S extends z.ZodType>(
  schema: S,
  body: unknown,
  what: string,
  status = 200,
): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return body as z.infer<S>;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'the body';
  throw new ApiError(
    status,
    `The answer to ${what} does not match its contract at ${where}: ${issue?.message ?? 'invalid'}`,
    { code: CONTRACT_MISMATCH },
  );
}

/**
 * Calls the API. With `schema`, answers the JSON body typed by that schema (checked against it in development and
 * tests: CHECK_ANSWERS); without one, answers `unknown` (for calls whose answer nobody reads). With `raw: true`
 * answers the Response itself (downloads). An empty answer (204) is undefined. Any non-OK answer or network failure
 * throws an ApiError. A 403 STEP_UP_REQUIRED opens the step-up dialog (when one is on the page) and the call is made
 * again after it.
 */
export function apiFetch(path: string, init: ApiInit & { raw: true }): Promise<Response>;
export function apiFetch<S extends z.ZodType>(
  path: string,
  init: ApiInit & { raw?: false; schema: S },
): Promise<z.infer<S>>;
export function apiFetch<T>(
  path: string,
  init: ApiInit & { raw?: false; schema: FirstLoadAnswer<T> },
): Promise<T>;
export function apiFetch(
  path: string,
  init?: ApiInit & { raw?: false; schema?: undefined },
): Promise<unknown>;
export async function apiFetch(
  path: string,
  init: ApiInit & { raw?: boolean; schema?: z.ZodType | FirstLoadAnswer<unknown> | undefined } = {},
): Promise<unknown> {
  const { raw, schema, ...rest } = init;
  const response = await sendWithStepUp(path, rest);
  if (raw) return response;
  const payload = response.status === 204 ? '' : await response.text();
  const body: unknown = payload ? JSON.parse(payload) : undefined;
  if (!schema || !CHECK_ANSWERS || 'firstLoad' in schema) return body;
  return checkAnswer(schema, body, `${rest.method ?? 'GET'} ${path.split('?')[0]}`, response.status);
}

/**
 * The words to show for a failure, in every toast and alert: the server's own message; for a network failure or a
 * 429 without one, a sentence that says what to do (with Retry-After's wait when known); for any other answer
 * without a message `fallback`, or without one the spec's 'HTTP error! status: {status}'. Other errors show their own
 * message (or `fallback` when they have none).
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message;
    if (error.code === 'NETWORK_ERROR') return NETWORK_ERROR_MESSAGE;
    if (error.code === 'TOO_MANY_REQUESTS') {
      return error.retryAfterSeconds
        ? `Too many attempts. Please try again in ${error.retryAfterSeconds} s.`
        : 'Too many attempts. Please wait a minute and try again.';
    }
    return fallback ?? error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? 'Something went wrong. Please try again.';
}
