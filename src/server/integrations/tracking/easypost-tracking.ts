import { createHmac, timingSafeEqual } from 'node:crypto';
import type EasyPostClient from '@easypost/api';
import { hasControlCharacter } from '../../../shared/rules/text';

/**
 * Carrier tracking through EasyPost's Trackers API (issue 38, decision 0038), with EasyPost's own Node library.
 * Pages followed: https://docs.easypost.com/docs/trackers (Tracker, TrackingDetail, statuses),
 * https://docs.easypost.com/guides/tracking-guide (POST /trackers with tracking_code and carrier),
 * https://docs.easypost.com/docs/errors (the error object), https://docs.easypost.com/docs/webhooks and
 * https://docs.easypost.com/guides/webhooks-guide (Event, the X-Hmac-Signature header).
 */

/** A tracker's status, as EasyPost names them. */
export const TRACKER_STATUSES = [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];

/** One carrier scan of a tracker's history (a TrackingDetail), in the fields Mintbox keeps. */
export interface TrackingEvent {
  status: TrackerStatus;
  message: string;
  at: string;
  place: string | null;
}

/** A tracker as Mintbox reads it. */
export interface TrackerView {
  id: string;
  trackingCode: string;
  carrier: string | null;
  status: TrackerStatus;
  /** The tracker's last change at EasyPost (orders events that arrive out of order). */
  updatedAt: string;
  estDeliveryDate: string | null;
  events: TrackingEvent[];
}

/** A verified webhook Event about a tracker. */
export interface TrackerEvent {
  id: string;
  description: string;
  tracker: TrackerView;
}

export type RegisterResult = { ok: true; tracker: TrackerView } | { ok: false; reason: string };

export interface TrackingClient {
  /** Creates the tracker; a number EasyPost refuses comes back with its reason (never thrown). */
  register(input: { trackingCode: string; carrier: string | null }): Promise<RegisterResult>;
  /** Reads a tracker again (GET /v2/trackers/{id}): what a missed webhook would have said. */
  read(trackerId: string): Promise<TrackerView>;
  /** The Event of a webhook body signed with our secret, or null when unsigned, forged or not about a tracker. */
  verifyWebhook(rawBody: string, headers: Pick<Headers, 'get'>): TrackerEvent | null;
}

export interface EasypostConfig {
  apiKey: string;
  webhookSecret: string | undefined;
  apiBase: string;
}

type Raw = Record<string, unknown>;
/** A carrier's text without control characters (each becomes a space): webhooks are stored as the carrier sent them. */
function clean(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? ' ' : char;
  }
  return out;
}
const text = (v: unknown) => (typeof v === 'string' ? (hasControlCharacter(v) ? clean(v) : v) : null);

function placeOf(location: unknown): string | null {
  if (!location || typeof location !== 'object') return null;
  const l = location as Raw;
  const parts = [text(l.city), text(l.state), text(l.country)].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(', ') : null;
}

function statusOf(v: unknown): TrackerStatus {
  return (TRACKER_STATUSES as readonly unknown[]).includes(v) ? (v as TrackerStatus) : 'unknown';
}

/** Reads a Tracker object (from the API or inside an Event) into Mintbox's shape. */
export function readTracker(raw: Raw): TrackerView {
  const details = Array.isArray(raw.tracking_details) ? (raw.tracking_details as Raw[]) : [];
  return {
    id: String(raw.id ?? ''),
    trackingCode: String(raw.tracking_code ?? ''),
    carrier: text(raw.carrier),
    status: statusOf(raw.status),
    updatedAt: text(raw.updated_at) ?? text(raw.created_at) ?? new Date(0).toISOString(),
    estDeliveryDate: text(raw.est_delivery_date),
    events: details.map((d) => ({
      status: statusOf(d.status),
      message: text(d.message) ?? text(d.description) ?? '',
      at: text(d.datetime) ?? '',
      place: placeOf(d.tracking_location),
    })),
  };
}

/** EasyPost's error in plain words: its message, and the field errors' messages after it. */
function reasonOf(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { statusCode?: number; message?: string; errors?: unknown };
  if (typeof e.statusCode !== 'number' || e.statusCode < 400 || e.statusCode >= 500) return null;
  if (e.statusCode === 401 || e.statusCode === 403 || e.statusCode === 429) return null;
  const fields = Array.isArray(e.errors)
    ? e.errors
        .map((f) => (typeof f === 'string' ? f : text((f as Raw)?.message)))
        .filter((m): m is string => Boolean(m) && m !== e.message)
    : [];
  return [e.message, ...fields].filter(Boolean).join(' ') || 'The tracking number was refused.';
}

/**
 * The Event of a signed webhook body, or null. EasyPost's `Utils.validateWebhook` (@easypost/api 8) step for step:
 * the secret NFKD-normalised as the HMAC key, the body with each integer `"weight": n` written `n.0` (how EasyPost
 * signs it), `hmac-sha256-hex=` + the hex HMAC-SHA256 compared in constant time, then the body parsed. Two costs
 * of the library's call are not paid on each webhook (decision 0050): the key is normalised once, and the
 * rewriting regular expression runs only over a body that has a `"weight"` (a Tracker Event has none); a test
 * checks the two agree on signed, forged and weighted bodies.
 */
export function verifiedEvent(rawBody: string, signature: string | null, key: Buffer | null): Raw | null {
  if (!signature || !key) return null;
  const signed = rawBody.includes('"weight"')
    ? rawBody.replace(/("weight":\s*)(\d+)(\s*)(?=,|\})/g, '$1$2.0')
    : rawBody;
  const expected = Buffer.from(
    `hmac-sha256-hex=${createHmac('sha256', key).update(signed, 'utf8').digest('hex')}`,
  );
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const event = JSON.parse(signed) as unknown;
    return event && typeof event === 'object' ? (event as Raw) : null;
  } catch {
    return null;
  }
}

/** The HMAC key of a webhook secret, as EasyPost's library makes it. */
export const webhookSigningKey = (secret: string) => Buffer.from(secret.normalize('NFKD'), 'utf8');

export function createEasypostTracking(config: EasypostConfig): TrackingClient {
  // EasyPost's library is loaded by the first call to EasyPost; a webhook is checked without it (decision 0084).
  let made: Promise<InstanceType<typeof EasyPostClient>> | undefined;
  const easypost = () => {
    made ??= import('@easypost/api').then(
      ({ default: EasyPost }) =>
        new EasyPost(config.apiKey, { baseUrl: `${config.apiBase}/`, timeout: 10_000 }),
    );
    return made;
  };
  const signingKey = config.webhookSecret ? webhookSigningKey(config.webhookSecret) : null;
  return {
    async register({ trackingCode, carrier }) {
      const client = await easypost();
      try {
        const tracker = await client.Tracker.create({
          tracking_code: trackingCode,
          ...(carrier ? { carrier } : {}),
        });
        return { ok: true, tracker: readTracker(tracker as unknown as Raw) };
      } catch (error) {
        const reason = reasonOf(error);
        if (reason) return { ok: false, reason };
        throw error;
      }
    },
    async read(trackerId) {
      const client = await easypost();
      return readTracker((await client.Tracker.retrieve(trackerId)) as unknown as Raw);
    },
    verifyWebhook(rawBody, headers) {
      const event = verifiedEvent(rawBody, headers.get('x-hmac-signature'), signingKey);
      if (!event) return null;
      const result = event.result as Raw | undefined;
      if (result?.object !== 'Tracker' || typeof event.id !== 'string') return null;
      return { id: event.id, description: String(event.description ?? ''), tracker: readTracker(result) };
    },
  };
}

/** The tracking client when EASYPOST_API_KEY is set, else null (numbers are kept as typed, nothing is tracked). */
export function trackingClientFromEnv(env: { easypost: EasypostConfig | null }): TrackingClient | null {
  return env.easypost ? createEasypostTracking(env.easypost) : null;
}
