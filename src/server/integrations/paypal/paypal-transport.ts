import type { PaypalConfig } from '../../../config/env-services';
import { OutboundError, sendOutbound } from '../../http/outbound';
import { PaypalApiError, paypalError, tokenSchema } from './paypal-answers';

/** How the PayPal client reaches PayPal (tests give a fetch and move the clock). */
export interface PaypalClientOptions {
  fetch?: typeof fetch;
  /** Per call (default 20 s). A call that takes longer counts as "no answer". */
  timeoutMs?: number;
  /** The clock for the token cache (tests move it). */
  now?: () => number;
}

type Exchange = { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
type Answer = { status: number; body: unknown };

/** An authorised call to PayPal's REST API. */
export type PaypalCall = (
  method: 'GET' | 'POST',
  path: string,
  options: { body?: string; requestId?: string; retry: boolean },
) => Promise<Answer>;

/** Seconds before its expiry that a cached token is replaced. */
const TOKEN_MARGIN_SECONDS = 60;

/**
 * One exchange through the outbound helper (src/server/http/outbound.ts): its time limit, and its retries for
 * the calls that are safe to repeat: the token request and the webhook check (they change nothing) and the batch
 * reads. The payout POST carries its PayPal-Request-Id but is sent once: the payout job is its retry (it records
 * the unknown outcome and sends again with the same ids on its own schedule, batch-schedule.ts).
 */
async function send(
  url: string,
  init: Exchange,
  retry: boolean,
  wire: { fetch: typeof fetch; timeoutMs: number },
): Promise<Answer> {
  try {
    const answer = await sendOutbound({
      service: 'PayPal',
      url,
      ...init,
      timeoutMs: wire.timeoutMs,
      fetch: wire.fetch,
      idempotent: retry,
    });
    return { status: answer.status, body: answer.body };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw new PaypalApiError(
      0,
      error.kind === 'timeout'
        ? `PayPal did not answer within ${wire.timeoutMs} ms`
        : 'PayPal could not be reached',
      null,
      error,
    );
  }
}

/** The OAuth2 client-credentials token, cached until shortly before it expires; concurrent calls share one request. */
function tokenCache(
  config: PaypalConfig,
  post: (url: string, init: Exchange) => Promise<Answer>,
  now: () => number,
) {
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const { status, body } = await post(`${config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200) throw paypalError(status, body, 'sign-in');
    const token = tokenSchema.safeParse(body);
    if (!token.success) throw new PaypalApiError(status, 'PayPal sign-in answered without a token');
    cached = {
      token: token.data.access_token,
      expiresAt: now() + Math.max(0, token.data.expires_in - TOKEN_MARGIN_SECONDS) * 1000,
    };
    return token.data.access_token;
  }

  return {
    async get(): Promise<string> {
      if (cached && cached.expiresAt > now()) return cached.token;
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    drop() {
      cached = null;
    },
  };
}

/** Authorised calls to PayPal; a 401 drops the cached token and tries once more with a fresh one. */
export function createPaypalTransport(config: PaypalConfig, options: PaypalClientOptions = {}): PaypalCall {
  const wire = { fetch: options.fetch ?? fetch, timeoutMs: options.timeoutMs ?? 20_000 };
  const token = tokenCache(config, (url, init) => send(url, init, true, wire), options.now ?? Date.now);
  return async (method, path, { body, requestId, retry }) => {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await token.get()}`,
        accept: 'application/json',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const answer = await send(
        `${config.apiBase}${path}`,
        { method, headers, ...(body !== undefined ? { body } : {}) },
        retry,
        wire,
      );
      if (answer.status === 401 && attempt === 0) {
        token.drop();
        continue;
      }
      return answer;
    }
  };
}
