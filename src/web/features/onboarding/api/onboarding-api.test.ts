import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnboardingApiError, retryAfterSeconds, sendVerification } from './onboarding-api';

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

describe('onboarding calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('carry the server text, the field and Retry-After of a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Please wait 42 seconds before requesting another code.' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '42' },
          }),
      ),
    );
    const failure = await sendVerification('ana@example.com').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OnboardingApiError);
    expect(failure).toMatchObject({
      status: 429,
      message: 'Please wait 42 seconds before requesting another code.',
      fromServer: true,
      retryAfterSeconds: 42,
    });
  });

  it('mark answers without a JSON error, and network failures, as not from the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(sendVerification('ana@example.com')).rejects.toMatchObject({
      status: 502,
      fromServer: false,
      message: 'HTTP error! status: 502',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(sendVerification('ana@example.com')).rejects.toMatchObject({ status: 0, fromServer: false });
  });

  it('send JSON and answer the body on success', async () => {
    const fetchMock = vi.fn(
      async (_path: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ sent: true, expiresAt: '2025-01-11T10:10:00.000Z' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendVerification('ana@example.com')).resolves.toEqual({
      sent: true,
      expiresAt: '2025-01-11T10:10:00.000Z',
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/send-verification');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@example.com' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });
});
