import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { findTiktokAuth } from '../db/queries/influencers';
import { findInstagramConnection } from '../db/queries/instagram-connections';
import { youtubeVideoId } from '../shared/content-metrics';
import { systemClock } from './clock';
import { createInstagramClient } from './integrations/instagram/client';
import { InstagramTokenError } from './integrations/instagram/graph-errors';
import { checkEasypost } from './integrations/tracking/easypost-check';
import { INSTAGRAM_TOKEN_PURPOSE } from './metrics-sources/instagram';
import { MetricsSourceError } from './metrics-sources/types';
import { createYoutubeSource } from './metrics-sources/youtube';
import { createPaypalClient, PaypalApiError } from './payouts/paypal-client';
import { open } from './secret-box';
import { openTiktokToken } from './tiktok-login';

/*
 * `npm run integrations:check`: for each outside service the configuration turns on, ONE harmless read-only call
 * with the app's own client, and a line an operator understands: configured / reachable / authorised / what failed
 * and why. Nothing is written anywhere (no token renewal, no database change). Secrets and tokens are never printed:
 * only host names, ids the operator gave, and the services' own error names.
 *
 * - PayPal: an OAuth token (client credentials), then GET /v1/payments/payouts/<id> of the batch given with
 *   --paypal-batch, else of a made-up id, whose documented 404 (INVALID_RESOURCE_ID / RESOURCE_NOT_FOUND) proves the
 *   token is accepted by the Payouts API.
 * - YouTube: videos.list?part=statistics of the video given with --youtube-video (else of a made-up id: a valid key
 *   answers 200 with no items).
 * - Instagram: GET /me with the sealed token of the creator given with --creator (opened with AUTH_SECRET).
 * - TikTok: GET /v2/user/info/?fields=open_id,display_name with that creator's access token (read through
 *   `TiktokTokenReader`, see below).
 */

import type { ServiceName, ServiceReport } from './integrations/service-report';

export type { ServiceName, ServiceReport };

export interface CheckOptions {
  /** A payout_batch_id to look up (else a made-up one). */
  paypalBatch?: string | undefined;
  /** A public YouTube video id or link. */
  youtubeVideo?: string | undefined;
  /** The creator whose connected accounts are checked (their account email). */
  creator?: string | undefined;
  /** The database, needed with `creator`. */
  db?: Database | undefined;
  /** Why the database could not be opened (the creator's accounts are then reported as not checkable). */
  dbProblem?: string | undefined;
  /** Per call (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export class CheckUsageError extends Error {
  override name = 'CheckUsageError';
}

/** The 11-character id of a YouTube video id or link, or a usage error. */
export function parseYoutubeVideo(value: string): string {
  if (/^[A-Za-z0-9_-]{11}$/.test(value)) return value;
  const id = youtubeVideoId(value);
  if (!id) {
    throw new CheckUsageError(
      `--youtube-video must be a YouTube video id (11 characters, like dQw4w9WgXcQ) or a video link, not ${JSON.stringify(value)}`,
    );
  }
  return id;
}

// --- Recording what went over the wire (statuses and error bodies, never the request) -----------------------

interface Recorder {
  fetch: typeof fetch;
  /** The last network failure (no answer at all), if any. */
  networkError: unknown;
  /** Every answer, in order: the path asked and its status and body. */
  answers: Array<{ path: string; status: number; body: unknown }>;
}

function recorder(base: typeof fetch, timeoutMs: number): Recorder {
  const record: Recorder = {
    networkError: undefined,
    answers: [],
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const signals = [AbortSignal.timeout(timeoutMs), ...(init?.signal ? [init.signal] : [])];
      try {
        const response = await base(input, { ...init, signal: AbortSignal.any(signals) });
        const text = await response
          .clone()
          .text()
          .catch(() => '');
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = null;
        }
        record.answers.push({ path: url.pathname, status: response.status, body });
        return response;
      } catch (error) {
        record.networkError = error;
        throw error;
      }
    },
  };
  return record;
}

const hostOf = (base: string) => {
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
};

/** Why no answer came, in plain words. */
export function networkProblem(error: unknown, host: string, timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10;
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  if (chain.some((e) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))) {
    return `${host} did not answer within ${seconds} s (timeout): a firewall or proxy may be dropping the connection, or this machine has no network`;
  }
  const code = chain
    .map((e) => (e as { code?: unknown }).code)
    .find((c): c is string => typeof c === 'string');
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return `the name ${host.replace(/:\d+$/, '')} could not be looked up (DNS failure, ${code}): this machine seems to have no network or no DNS`;
    case 'ECONNREFUSED':
      return `${host} refused the connection (ECONNREFUSED): nothing listens there; check the address`;
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return `${host} cannot be reached from this machine (${code}): it seems to have no network route`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `${host} did not accept the connection in time (${code}): a firewall may be blocking it, or this machine has no network`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `${host} closed the connection (${code}): a proxy or firewall may be in the way`;
    default:
      if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
        return `the secure connection to ${host} failed (${code}): a proxy intercepting HTTPS, or a wrong clock on this machine`;
      }
  }
  const last = chain.at(-1);
  return `${host} could not be reached (${code ?? (last instanceof Error ? last.message : String(last))})`;
}

// --- PayPal -----------------------------------------------------------------------------------------------------

const NOT_FOUND_NAMES = new Set(['INVALID_RESOURCE_ID', 'RESOURCE_NOT_FOUND']);

async function checkPaypal(env: Pick<Env, 'paypal'>, options: CheckOptions, timeoutMs: number) {
  const config = env.paypal;
  if (!config) {
    return {
      service: 'PayPal',
      configured: false,
      reachable: null,
      authorised: null,
      detail: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are unset: payouts are paid by hand (manual mode).',
      failed: false,
    } satisfies ServiceReport;
  }
  const host = hostOf(config.apiBase);
  const base = {
    service: 'PayPal' as const,
    configured: true,
    setup: `${config.environment}, ${host}`,
  };
  const webhookNote = config.webhookId
    ? ''
    : ' Note: PAYPAL_WEBHOOK_ID is unset, so webhooks are refused (statuses are still read every minute).';
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  const client = createPaypalClient(config, { fetch: rec.fetch, timeoutMs });
  const given = options.paypalBatch;
  const batchId = given ?? `MINTBOXCHECK${randomBytes(6).toString('hex').toUpperCase()}`;
  try {
    const batch = await client.getBatch(batchId);
    return {
      ...base,
      reachable: true,
      authorised: true,
      detail: `a token was issued and payout batch ${batch.payoutBatchId} was read: ${batch.batchStatus}, ${batch.items.length} item(s).${webhookNote}`,
      failed: false,
    } satisfies ServiceReport;
  } catch (error) {
    if (!(error instanceof PaypalApiError)) throw error;
    if (error.status === 0) {
      return {
        ...base,
        reachable: false,
        authorised: null,
        detail: `${networkProblem(rec.networkError ?? error.cause, host, timeoutMs)}.`,
        failed: true,
      } satisfies ServiceReport;
    }
    const last = rec.answers.at(-1);
    const atToken = last?.path.endsWith('/v1/oauth2/token') ?? false;
    const name = error.paypalName ?? `HTTP ${error.status}`;
    const credentials = `Check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (they must be the ${config.environment} credentials of a REST app: sandbox and live ones differ, see PAYPAL_ENV).`;
    if (atToken && (error.status === 401 || name === 'invalid_client')) {
      return {
        ...base,
        reachable: true,
        authorised: false,
        detail: `PayPal refused the client id and secret (${name}). ${credentials}`,
        failed: true,
      } satisfies ServiceReport;
    }
    if (atToken) {
      return {
        ...base,
        reachable: true,
        authorised: error.status >= 500 ? null : false,
        detail:
          error.status >= 500
            ? `PayPal's token service had a server error (${error.status} ${name}): try again later.`
            : `PayPal did not issue a token (${error.status} ${name}). ${credentials}`,
        failed: true,
      } satisfies ServiceReport;
    }
    if (error.status === 404 && NOT_FOUND_NAMES.has(name)) {
      if (!given) {
        return {
          ...base,
          reachable: true,
          authorised: true,
          detail: `a token was issued, and the Payouts API answered the lookup of a made-up batch id with 404 ${name}, as it should.${webhookNote}`,
          failed: false,
        } satisfies ServiceReport;
      }
      return {
        ...base,
        reachable: true,
        authorised: true,
        detail: `the credentials work, but PayPal has no payout batch ${given} (404 ${name}): check the id, and that it was paid from this ${config.environment} account.`,
        failed: true,
      } satisfies ServiceReport;
    }
    if (error.status === 401) {
      return {
        ...base,
        reachable: true,
        authorised: false,
        detail: `PayPal issued a token but the Payouts API refused it (${name}). ${credentials}`,
        failed: true,
      } satisfies ServiceReport;
    }
    if (error.status === 403) {
      return {
        ...base,
        reachable: true,
        authorised: false,
        detail: `this REST app may not use Payouts (403 ${name}): turn on Payouts for the app at developer.paypal.com (live apps need PayPal's approval).`,
        failed: true,
      } satisfies ServiceReport;
    }
    return {
      ...base,
      reachable: true,
      authorised: error.status >= 500 ? null : true,
      detail:
        error.status >= 500
          ? `PayPal had a server error (${error.status} ${name}): try again later.`
          : `PayPal answered the payout lookup with ${error.status} ${name}: ${error.message}.`,
      failed: true,
    } satisfies ServiceReport;
  }
}

// --- YouTube ----------------------------------------------------------------------------------------------------

const youtubeErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
  }),
});

async function checkYoutube(env: Pick<Env, 'youtube'>, options: CheckOptions, timeoutMs: number) {
  if (!env.youtube) {
    return {
      service: 'YouTube',
      configured: false,
      reachable: null,
      authorised: null,
      detail: 'YOUTUBE_API_KEY is unset: YouTube figures are entered by an admin or reported by the creator.',
      failed: false,
    } satisfies ServiceReport;
  }
  const host = hostOf(env.youtube.apiBase);
  const base = { service: 'YouTube' as const, configured: true, setup: host };
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  const source = createYoutubeSource(env.youtube, { fetch: rec.fetch, timeoutMs });
  const given = options.youtubeVideo ? parseYoutubeVideo(options.youtubeVideo) : undefined;
  const videoId = given ?? 'MintboxChk0';
  try {
    const [reading] = await source.read([
      { submissionId: 0, postUrl: `https://www.youtube.com/watch?v=${videoId}` },
    ]);
    if (reading?.ok) {
      const views = reading.figures.views;
      return {
        ...base,
        reachable: true,
        authorised: true,
        detail: `videos.list read video ${videoId}: ${views === null ? 'views hidden' : `${views.toLocaleString('en-US')} views`}.`,
        failed: false,
      } satisfies ServiceReport;
    }
    if (!given) {
      return {
        ...base,
        reachable: true,
        authorised: true,
        detail:
          'the API key works (videos.list of a made-up id answered no video, as it should). Give --youtube-video <id> to read a real one.',
        failed: false,
      } satisfies ServiceReport;
    }
    return {
      ...base,
      reachable: true,
      authorised: true,
      detail: `the API key works, but video ${videoId} is not public or does not exist (videos.list answered no video).`,
      failed: true,
    } satisfies ServiceReport;
  } catch (error) {
    if (!(error instanceof MetricsSourceError)) throw error;
    if (rec.networkError !== undefined) {
      return {
        ...base,
        reachable: false,
        authorised: null,
        detail: `${networkProblem(rec.networkError, host, timeoutMs)}.`,
        failed: true,
      } satisfies ServiceReport;
    }
    const last = rec.answers.at(-1);
    const parsed = youtubeErrorSchema.safeParse(last?.body);
    const reason =
      (parsed.success && (parsed.data.error.errors?.[0]?.reason ?? parsed.data.error.details?.[0]?.reason)) ||
      `HTTP ${last?.status ?? '?'}`;
    const status = last?.status ?? 0;
    const keyProblem: Record<string, string> = {
      keyInvalid: `Google refused the API key (${reason}). Check YOUTUBE_API_KEY.`,
      keyExpired: `the API key has expired (${reason}): make a new one and set YOUTUBE_API_KEY.`,
      accessNotConfigured: `the "YouTube Data API v3" is not enabled in the key's Google Cloud project (${reason}): enable it at console.cloud.google.com.`,
      SERVICE_DISABLED: `the "YouTube Data API v3" is not enabled in the key's Google Cloud project (${reason}): enable it at console.cloud.google.com.`,
      ipRefererBlocked: `the key's restrictions refuse this server (${reason}): allow this server's address, or use a key without an HTTP referrer restriction.`,
      forbidden: `Google refused the request (${reason}): check the key's API restrictions.`,
    };
    if (keyProblem[reason]) {
      return { ...base, reachable: true, authorised: false, detail: keyProblem[reason], failed: true };
    }
    if (error.kind === 'quota') {
      return {
        ...base,
        reachable: true,
        authorised: true,
        detail: `the key works but its daily quota is used up (${reason}): figures resume after midnight Pacific time, or ask Google for more quota.`,
        failed: true,
      } satisfies ServiceReport;
    }
    return {
      ...base,
      reachable: true,
      authorised: status >= 500 ? null : status === 400 || status === 401 || status === 403 ? false : null,
      detail:
        status >= 500
          ? `YouTube had a server error (${status} ${reason}): try again later.`
          : `YouTube answered ${status} ${reason}${parsed.success && parsed.data.error.message ? `: ${parsed.data.error.message}` : ''}.`,
      failed: true,
    } satisfies ServiceReport;
  }
}

// --- The creator's connected accounts -----------------------------------------------------------------------------

type Creator = { influencerId: number; email: string } | { missing: string };

async function findCreator(db: Database, email: string): Promise<Creator> {
  const result = await db.execute(sql`select id, email from influencers
    where lower(email) = lower(${email}) order by email_verified desc, id limit 1`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return { missing: `no creator has the email ${email}` };
  return { influencerId: Number(row.id), email: String(row.email) };
}

const notChecked = (service: ServiceName, setup: string, why: string): ServiceReport => ({
  service,
  configured: true,
  setup,
  reachable: null,
  authorised: null,
  detail: why,
  failed: false,
});

async function checkInstagram(
  env: Pick<Env, 'instagram' | 'authSecret'>,
  creator: Creator | null,
  options: CheckOptions,
  timeoutMs: number,
): Promise<ServiceReport> {
  if (!env.instagram) {
    return {
      service: 'Instagram',
      configured: false,
      reachable: null,
      authorised: null,
      detail:
        'INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET are unset: creators cannot connect Instagram; its figures are entered by hand.',
      failed: false,
    };
  }
  const host = hostOf(env.instagram.apiBase);
  const base = { service: 'Instagram' as const, configured: true, setup: host };
  if (!creator) {
    return notChecked(
      'Instagram',
      host,
      'not checked: give --creator <email> of a creator who connected Instagram on /profile to read their account with their token.',
    );
  }
  if ('missing' in creator)
    return { ...base, reachable: null, authorised: null, detail: `${creator.missing}.`, failed: true };
  const connection = await findInstagramConnection(options.db!, creator.influencerId);
  if (!connection) {
    return {
      ...base,
      reachable: null,
      authorised: null,
      detail: `${creator.email} has not connected Instagram (on /profile, "Connect Instagram").`,
      failed: true,
    };
  }
  const token = open(env.authSecret, INSTAGRAM_TOKEN_PURPOSE, connection.tokenCiphertext);
  if (!token) {
    return {
      ...base,
      reachable: null,
      authorised: null,
      detail: `the stored token of @${connection.username} cannot be decrypted with this AUTH_SECRET (was AUTH_SECRET changed?): the creator must connect Instagram again.`,
      failed: true,
    };
  }
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  const client = createInstagramClient(env.instagram, { fetch: rec.fetch });
  const now = (options.now ?? systemClock)();
  try {
    const me = await client.me(token);
    const other =
      me.userId !== connection.igUserId
        ? ` Careful: the token now reads account ${me.userId}, not the connected ${connection.igUserId}.`
        : '';
    return {
      ...base,
      reachable: true,
      authorised: true,
      detail: `${creator.email}'s token reads @${me.username}${
        connection.tokenExpiresAt <= now
          ? ' (the app had marked it expired: the creator is asked to connect again)'
          : ` (it expires on ${connection.tokenExpiresAt.toISOString().slice(0, 10)} and is renewed before)`
      }.${other}`,
      failed: other !== '',
    };
  } catch (error) {
    if (error instanceof InstagramTokenError) {
      return {
        ...base,
        reachable: true,
        authorised: false,
        detail: `Instagram refused ${creator.email}'s token (${error.message.replace(/^Instagram answered /, '')}): the creator must connect Instagram again on /profile.`,
        failed: true,
      };
    }
    if (!(error instanceof MetricsSourceError)) throw error;
    if (rec.networkError !== undefined) {
      return {
        ...base,
        reachable: false,
        authorised: null,
        detail: `${networkProblem(rec.networkError, host, timeoutMs)}.`,
        failed: true,
      };
    }
    return {
      ...base,
      reachable: true,
      authorised: null,
      detail:
        error.kind === 'quota'
          ? `Instagram limits this app's calls right now (${error.message.replace(/^Instagram answered /, '')}): try again later.`
          : `${error.message}.`,
      failed: true,
    };
  }
}

const tiktokAnswerSchema = z.object({
  data: z
    .object({ user: z.object({ open_id: z.string().optional(), display_name: z.string().optional() }) })
    .partial()
    .optional(),
  error: z.object({ code: z.string(), message: z.string().optional(), log_id: z.string().optional() }),
});

async function checkTiktok(
  env: Pick<Env, 'oauth' | 'tiktokApiBase' | 'authSecret'>,
  creator: Creator | null,
  options: CheckOptions,
  timeoutMs: number,
): Promise<ServiceReport> {
  if (!env.oauth.tiktok) {
    return {
      service: 'TikTok',
      configured: false,
      reachable: null,
      authorised: null,
      detail:
        'TIKTOK_CLIENT_ID and TIKTOK_CLIENT_SECRET are unset: no TikTok sign-in, TikTok figures are entered by hand.',
      failed: false,
    };
  }
  const host = hostOf(env.tiktokApiBase);
  const base = { service: 'TikTok' as const, configured: true, setup: host };
  if (!creator) {
    return notChecked(
      'TikTok',
      host,
      'not checked: give --creator <email> of a creator who signed in with TikTok to read their profile with their token.',
    );
  }
  if ('missing' in creator)
    return { ...base, reachable: null, authorised: null, detail: `${creator.missing}.`, failed: true };
  // The token the sign-in stored, sealed with Better Auth's cipher; opened here, never renewed (this check writes
  // nothing: an expired one is left to the metrics job).
  const stored = await findTiktokAuth(options.db!, creator.influencerId);
  const token = stored?.accessToken
    ? {
        accessToken: await openTiktokToken(env.authSecret, stored.accessToken),
        openId: stored.openId,
        expiresAt: stored.tokenExpiresAt,
      }
    : null;
  if (!token) {
    return {
      ...base,
      reachable: null,
      authorised: null,
      detail: `${creator.email} has not signed in with TikTok (no TikTok token is stored).`,
      failed: true,
    };
  }
  const now = (options.now ?? systemClock)();
  if (token.expiresAt && token.expiresAt <= now) {
    return notChecked(
      'TikTok',
      host,
      `not checked: ${creator.email}'s access token expired at ${token.expiresAt.toISOString()} (TikTok tokens last 24 hours; the metrics job renews them, this check writes nothing).`,
    );
  }
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  let status: number;
  let body: unknown;
  try {
    const response = await rec.fetch(`${env.tiktokApiBase}/v2/user/info/?fields=open_id,display_name`, {
      headers: { authorization: `Bearer ${token.accessToken}` },
    });
    status = response.status;
    body = await response.json().catch(() => null);
  } catch (error) {
    return {
      ...base,
      reachable: false,
      authorised: null,
      detail: `${networkProblem(error, host, timeoutMs)}.`,
      failed: true,
    };
  }
  const parsed = tiktokAnswerSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ...base,
      reachable: true,
      authorised: null,
      detail: `TikTok answered ${status} in an unknown shape.`,
      failed: true,
    };
  }
  const { code, message } = parsed.data.error;
  const said = `${status} ${code}${message ? `: ${message}` : ''}`;
  if (code === 'ok') {
    const user = parsed.data.data?.user;
    const other =
      token.openId && user?.open_id && user.open_id !== token.openId
        ? ` Careful: the token reads open_id ${user.open_id}, not the stored ${token.openId}.`
        : '';
    return {
      ...base,
      reachable: true,
      authorised: true,
      detail: `${creator.email}'s token reads ${user?.display_name ? `"${user.display_name}"` : 'their profile'}.${other}`,
      failed: other !== '',
    };
  }
  const words: Record<string, { authorised: boolean | null; text: string }> = {
    access_token_invalid: {
      authorised: false,
      text: `TikTok refused ${creator.email}'s token (${said}): the metrics job renews it; if that fails too, the creator must sign in with TikTok again.`,
    },
    scope_not_authorized: {
      authorised: false,
      text: `the token works but ${creator.email} did not grant user.info.basic (${said}): the sign-in must ask for it, and the creator sign in with TikTok again.`,
    },
    rate_limit_exceeded: {
      authorised: true,
      text: `TikTok limits this app's calls right now (${said}): try again later.`,
    },
  };
  const known = words[code];
  return {
    ...base,
    reachable: true,
    authorised: known?.authorised ?? null,
    detail: known?.text ?? `TikTok answered ${said}.`,
    failed: true,
  };
}

// --- Together ---------------------------------------------------------------------------------------------------

/** Runs every check side by side; one report per service, in a fixed order. */
export async function checkIntegrations(
  env: Pick<Env, 'paypal' | 'youtube' | 'instagram' | 'authSecret' | 'oauth' | 'tiktokApiBase' | 'easypost'>,
  options: CheckOptions = {},
): Promise<ServiceReport[]> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (options.youtubeVideo) parseYoutubeVideo(options.youtubeVideo);
  let creator: Creator | null = null;
  if (options.creator && (env.instagram || env.oauth.tiktok)) {
    if (options.db) creator = await findCreator(options.db, options.creator);
    else creator = { missing: `the creator cannot be looked up: ${options.dbProblem ?? 'no database'}` };
  }
  return Promise.all([
    checkPaypal(env, options, timeoutMs),
    checkYoutube(env, options, timeoutMs),
    checkInstagram(env, creator, options, timeoutMs),
    checkTiktok(env, creator, options, timeoutMs),
    checkEasypost(env),
  ]);
}

/** One line per service: "PayPal: configured (sandbox, host) · reachable · authorised: …". */
export function formatReport(report: ServiceReport): string {
  const parts = [
    report.configured ? `configured${report.setup ? ` (${report.setup})` : ''}` : 'not configured',
  ];
  if (report.reachable !== null) parts.push(report.reachable ? 'reachable' : 'NOT reachable');
  if (report.authorised !== null) parts.push(report.authorised ? 'authorised' : 'NOT authorised');
  return `${report.service}: ${parts.join(' · ')}: ${report.detail}`;
}

export function summary(reports: readonly ServiceReport[]): { text: string; exitCode: 0 | 1 } {
  const failed = reports.filter((r) => r.failed);
  const configured = reports.filter((r) => r.configured);
  if (failed.length > 0) {
    return {
      text: `${failed.length} of ${configured.length} configured service(s) failed: ${failed.map((r) => r.service).join(', ')}.`,
      exitCode: 1,
    };
  }
  if (configured.length === 0)
    return { text: 'No outside service is configured (see .env.example).', exitCode: 0 };
  const names = (list: ServiceReport[]) => list.map((r) => r.service).join(', ');
  const checked = configured.filter((r) => r.reachable !== null);
  const skipped = configured.filter((r) => r.reachable === null);
  return {
    text: [
      checked.length > 0 ? `Every configured service checked answered as it should (${names(checked)}).` : '',
      skipped.length > 0 ? `Not checked: ${names(skipped)} (see above).` : '',
    ]
      .filter(Boolean)
      .join(' '),
    exitCode: 0,
  };
}
