import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { creatorRecordSchema } from '../../shared/schemas/me';
import {
  ApiError,
  apiFetch,
  CHECK_ANSWERS,
  CONTRACT_MISMATCH,
  checkAnswer,
  firstLoadAnswer,
  getErrorMessage,
  handleStepUp,
  isNotFound,
  NETWORK_ERROR_MESSAGE,
  retryAfterSeconds,
} from './api-client';

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function answer(response: Response | (() => never)) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) =>
    typeof response === 'function' ? response() : response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ApiError,
  );

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds(' 0 ')).toBe(0);
    const now = Date.parse('2025-01-11T10:00:00Z');
    expect(retryAfterSeconds('Sat, 11 Jan 2025 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Sat, 11 Jan 2025 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the session cookie and answers the parsed body', async () => {
    const fetchMock = answer(json({ id: 7 }, 201));
    await expect(apiFetch('/api/things', { method: 'POST', json: { name: 'x' } })).resolves.toEqual({
      id: 7,
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/things');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"name":"x"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('leaves multipart and CSV bodies as they are, and answers nothing for an empty answer', async () => {
    const fetchMock = answer(new Response(null, { status: 204 }));
    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.png');
    await expect(apiFetch('/api/admin/uploads', { method: 'POST', body: form })).resolves.toBeUndefined();
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('content-type')).toBe(false);
    answer(new Response('', { status: 200 }));
    await apiFetch('/api/x', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b\n' });
  });

  it('answers the Response itself with raw: true (downloads)', async () => {
    answer(new Response('a,b\n1,2\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const response = await apiFetch('/api/admin/transactions.csv', { raw: true });
    expect(await response.text()).toBe('a,b\n1,2\n');
  });

  it("reads the app's {error, code, field} answers", async () => {
    answer(
      json({ error: 'Please enter a valid ZIP code', code: 'VALIDATION_FAILED', field: 'zipCode' }, 400),
    );
    const error = await failure(apiFetch('/api/complete-profile', { method: 'POST', json: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'zipCode',
      message: 'Please enter a valid ZIP code',
      fromServer: true,
    });
  });

  it("reads Better Auth's {message, code} answers", async () => {
    answer(json({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401));
    const error = await failure(apiFetch('/api/auth/sign-in/email', { method: 'POST', json: {} }));
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      fromServer: true,
    });
  });

  it('falls back on the status for an answer without a code, and on the spec text without a message', async () => {
    answer(json({ error: 'Campaign not found' }, 404));
    const notFound = await failure(apiFetch('/api/campaigns/9'));
    expect(notFound).toMatchObject({ code: 'NOT_FOUND', message: 'Campaign not found' });
    expect(isNotFound(notFound)).toBe(true);

    answer(new Response('<html>Bad gateway</html>', { status: 502 }));
    const bare = await failure(apiFetch('/api/campaigns'));
    expect(bare).toMatchObject({
      status: 502,
      code: 'INTERNAL_ERROR',
      message: 'HTTP error! status: 502',
      fromServer: false,
    });
    expect(isNotFound(bare)).toBe(false);
  });

  it('exposes Retry-After on a 429 as seconds', async () => {
    answer(
      json({ error: 'Please wait 42 seconds before requesting another code.' }, 429, { 'retry-after': '42' }),
    );
    const error = await failure(apiFetch('/api/send-verification', { method: 'POST', json: {} }));
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 42 });
  });

  it('turns a network failure into a clear message, and lets a cancellation through', async () => {
    answer(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(apiFetch('/api/campaigns'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    answer(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiFetch('/api/campaigns')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiFetch with a schema (the typed contract)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const codeSent = z.object({ sent: z.literal(true), expiresAt: z.string() });

  it('checks answers in development and tests', () => {
    expect(CHECK_ANSWERS).toBe(true);
  });

  it('answers a body that matches its schema, as sent', async () => {
    answer(json({ sent: true, expiresAt: '2026-01-01T00:00:00.000Z', extra: 1 }, 200));
    const body = await apiFetch('/api/send-verification', { method: 'POST', json: {}, schema: codeSent });
    expect(body).toEqual({ sent: true, expiresAt: '2026-01-01T00:00:00.000Z', extra: 1 });
  });

  it('refuses an answer that does not match, naming the call and the field', async () => {
    answer(json({ sent: true, expiresAt: 17 }, 200));
    const error = await failure(
      apiFetch('/api/send-verification?x=1', { method: 'POST', json: {}, schema: codeSent }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.code).toBe(CONTRACT_MISMATCH);
    expect(error?.status).toBe(200);
    expect(error?.message).toMatch(
      /^The answer to POST \/api\/send-verification does not match its contract at expiresAt: /,
    );
  });

  it('refuses an empty answer where a body was promised, and a list where a record was', async () => {
    answer(new Response(null, { status: 204 }));
    expect((await failure(apiFetch('/api/me', { schema: codeSent })))?.code).toBe(CONTRACT_MISMATCH);
    answer(json([{ sent: true, expiresAt: 'x' }], 200));
    expect((await failure(apiFetch('/api/me', { schema: codeSent })))?.message).toContain('at the body');
  });

  it('answers a first-load read as sent: typed from its schema, not parsed', async () => {
    answer(json({ user: null }, 200));
    await expect(apiFetch('/api/session', { schema: firstLoadAnswer<{ user: null }>() })).resolves.toEqual({
      user: null,
    });
  });

  it('checks the real /api/me contract: a record without its profile fields is refused', () => {
    expect(() => checkAnswer(creatorRecordSchema, { id: 1, name: 'Ann' }, 'GET /api/me')).toThrow(
      /GET \/api\/me does not match its contract at /,
    );
  });
});

describe('getErrorMessage', () => {
  it("shows the server's words first", () => {
    const error = new ApiError(409, 'You have already applied to this campaign.', { fromServer: true });
    expect(getErrorMessage(error, 'Please try again')).toBe('You have already applied to this campaign.');
  });

  it('says what to do for network failures and rate limits', () => {
    expect(getErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), 'Please try again')).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(getErrorMessage(new ApiError(429, 'HTTP error! status: 429', { retryAfterSeconds: 30 }))).toBe(
      'Too many attempts. Please try again in 30 s.',
    );
    expect(getErrorMessage(new ApiError(429, 'HTTP error! status: 429'))).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it("uses the caller's fallback for an unexplained answer, else the spec's 'HTTP error! status: {status}'", () => {
    const bare = new ApiError(502, 'HTTP error! status: 502');
    expect(getErrorMessage(bare, 'Please try again')).toBe('Please try again');
    expect(getErrorMessage(bare)).toBe('HTTP error! status: 502');
    expect(getErrorMessage(new Error('Your session could not be started.'), 'x')).toBe(
      'Your session could not be started.',
    );
    expect(getErrorMessage('nonsense', 'Failed to save profile')).toBe('Failed to save profile');
  });
});

describe('apiFetch and the step-up dialog', () => {
  afterEach(() => vi.unstubAllGlobals());
  const stepUpRequired = () =>
    json(
      { error: 'Please confirm with a code from your authenticator app first.', code: 'STEP_UP_REQUIRED' },
      403,
    );

  it('asks the dialog on 403 STEP_UP_REQUIRED and sends the same request again once it is confirmed', async () => {
    const fetchMock = vi
      .fn(async (_path: string, _init?: RequestInit) => json({ id: 1, balance: 55 }, 201))
      .mockImplementationOnce(async () => stepUpRequired());
    vi.stubGlobal('fetch', fetchMock);
    const ask = vi.fn(async () => true);
    const release = handleStepUp(ask);
    try {
      const body = await apiFetch('/api/admin/influencers/3/adjustments', {
        method: 'POST',
        json: { amount: 5, reason: 'Goodwill' },
      });
      expect(body).toEqual({ id: 1, balance: 55 });
      expect(ask).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(fetchMock.mock.calls[1]![1]!.body).toBe(JSON.stringify({ amount: 5, reason: 'Goodwill' }));
    } finally {
      release();
    }
  });

  it('fails with the server’s message when the person closes the dialog, or when no dialog is on the page', async () => {
    answer(stepUpRequired());
    const release = handleStepUp(async () => false);
    const refused = await failure(apiFetch('/api/admin/transactions.csv', { raw: true }));
    expect(refused?.code).toBe('STEP_UP_REQUIRED');
    release();
    answer(stepUpRequired());
    expect((await failure(apiFetch('/api/admin/transactions.csv', { raw: true })))?.code).toBe(
      'STEP_UP_REQUIRED',
    );
  });
});
