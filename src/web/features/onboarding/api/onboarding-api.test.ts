import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendVerification } from './onboarding-api';

describe('onboarding calls', () => {
  afterEach(() => vi.unstubAllGlobals());

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
