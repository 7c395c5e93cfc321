import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttpServer, listen, WAIT_LIMITS } from './bounded';
import { readRequestBody } from './request-body';

/**
 * A local stand-in for EasyPost's Trackers API (issue 38), started by a test on a port of its own. It answers as
 * EasyPost's documentation says, not as our client expects:
 * - Trackers: https://docs.easypost.com/docs/trackers and https://docs.easypost.com/guides/tracking-guide.
 *   POST /v2/trackers with `{ tracker: { tracking_code, carrier } }` (HTTP Basic, the API key as user name) answers
 *   the Tracker object (id trk_…, object "Tracker", mode, tracking_code, status, status_detail, carrier,
 *   est_delivery_date, signed_by, weight, tracking_details[] of TrackingDetail { object, message, description,
 *   status, status_detail, datetime, source, tracking_location { object, city, state, country, zip } },
 *   public_url, created_at, updated_at). GET /v2/trackers/{id} reads one.
 *   Statuses: unknown, pre_transit, in_transit, out_for_delivery, delivered, available_for_pickup,
 *   return_to_sender, failure, cancelled, error.
 * - Errors: https://docs.easypost.com/docs/errors and https://docs.easypost.com/guides/errors-guide: a 4xx/5xx
 *   with `{ error: { code, message, errors: [] } }`; 401 for a missing or wrong key. A code this stand-in is told to
 *   refuse (refuse()) answers 422 with the carrier's reason. The exact error codes EasyPost uses for a bad tracking
 *   number could not be read here: the ones below are ours (decision 0038).
 * - Webhooks: https://docs.easypost.com/docs/webhooks and https://docs.easypost.com/guides/webhooks-guide: an Event
 *   { id evt_…, object "Event", mode, description "tracker.updated", previous_attributes, result: the Tracker,
 *   status, pending_urls, completed_urls, created_at, updated_at } POSTed with X-Hmac-Signature:
 *   "hmac-sha256-hex=" + the hex HMAC-SHA256 of the body with the webhook secret (NFKD-normalised), which is what
 *   EasyPost's Node library checks.
 */

type Json = Record<string, unknown>;

export interface FakeEasypost {
  url: string;
  apiKey: string;
  webhookSecret: string;
  trackers: Map<string, Json>;
  /** While on, every call answers 503 (the errors guide's Service Unavailable), as during an outage. */
  setDown(on: boolean): void;
  /** Tracking codes refused at creation, with EasyPost's message. */
  refuse(trackingCode: string, message: string): void;
  /** Moves a tracker on: a new scan with this status, words, place and time; answers the tracker.updated Event. */
  advance(
    trackerId: string,
    scan: { status: string; message: string; at: string; city?: string; state?: string },
  ): Json;
  /** Called with each tracker created (the demo moves it along). */
  onTrackerCreated: ((tracker: Json) => void) | null;
  /** POSTs an Event to a webhook URL, signed as EasyPost signs it; answers the HTTP status. */
  deliver(event: Json, url: string): Promise<number>;
  /** The X-Hmac-Signature header for a body, as EasyPost signs it. */
  sign(body: string, secret?: string): Record<string, string>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export async function startFakeEasypost(
  options: { apiKey?: string; webhookSecret?: string; now?: () => Date } = {},
): Promise<FakeEasypost> {
  const apiKey = options.apiKey ?? 'EZTK_test_key';
  const webhookSecret = options.webhookSecret ?? 'easypost webhook secret';
  const now = options.now ?? (() => new Date());
  const trackers = new Map<string, Json>();
  const refused = new Map<string, string>();
  let down = false;

  const error = (status: number, code: string, message: string) => ({
    status,
    body: { error: { code, message, errors: [] } },
  });

  function handle(method: string, path: string, auth: string | undefined, body: string) {
    if (down) return error(503, 'SERVICE.UNAVAILABLE', 'The service is temporarily unavailable.');
    const expected = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    if (auth !== expected) return error(401, 'APIKEY.REQUIRED', 'API Key Required or Invalid.');
    if (method === 'POST' && path === '/v2/trackers') {
      const params = ((JSON.parse(body || '{}') as Json).tracker ?? {}) as Json;
      const code = typeof params.tracking_code === 'string' ? params.tracking_code : '';
      if (!code) return error(422, 'PARAMETER.REQUIRED', 'Missing required parameter: tracking_code.');
      const reason = refused.get(code);
      if (reason) return error(422, 'TRACKER.CREATE.ERROR', reason);
      const at = now().toISOString();
      const tracker: Json = {
        id: id('trk'),
        object: 'Tracker',
        mode: 'test',
        tracking_code: code,
        status: 'pre_transit',
        status_detail: 'status_update',
        carrier: typeof params.carrier === 'string' ? params.carrier : 'USPS',
        est_delivery_date: null,
        signed_by: null,
        weight: null,
        shipment_id: null,
        tracking_details: [],
        carrier_detail: null,
        public_url: `https://track.easypost.com/${code}`,
        fees: [],
        created_at: at,
        updated_at: at,
      };
      trackers.set(tracker.id as string, tracker);
      fake.onTrackerCreated?.(tracker);
      return { status: 201, body: tracker };
    }
    const one = /^\/v2\/trackers\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const tracker = trackers.get(one[1]!);
      return tracker
        ? { status: 200, body: tracker }
        : error(404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readRequestBody(request);
      const { pathname } = new URL(request.url ?? '/', 'http://stand-in');
      const answer = handle(request.method ?? 'GET', pathname, request.headers.authorization, body);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    })();
  });
  await listen(server, 'the EasyPost stand-in');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeEasypost = {
    url,
    apiKey,
    webhookSecret,
    trackers,
    refuse: (code, message) => refused.set(code, message),
    setDown: (on) => {
      down = on;
    },
    advance(trackerId, scan) {
      const tracker = trackers.get(trackerId);
      if (!tracker) throw new Error(`no tracker ${trackerId}`);
      const previous = tracker.status;
      const details = tracker.tracking_details as Json[];
      details.push({
        object: 'TrackingDetail',
        message: scan.message,
        description: '',
        status: scan.status,
        status_detail: 'status_update',
        datetime: scan.at,
        source: tracker.carrier,
        carrier_code: '',
        tracking_location: {
          object: 'TrackingLocation',
          city: scan.city ?? null,
          state: scan.state ?? null,
          country: 'US',
          zip: null,
        },
      });
      tracker.status = scan.status;
      tracker.updated_at = scan.at;
      if (scan.status === 'in_transit' && !tracker.est_delivery_date) {
        tracker.est_delivery_date = new Date(new Date(scan.at).getTime() + 2 * 86_400_000).toISOString();
      }
      const stamp = now().toISOString();
      return {
        id: id('evt'),
        object: 'Event',
        mode: 'test',
        description: 'tracker.updated',
        previous_attributes: { status: previous },
        result: structuredClone(tracker),
        status: 'pending',
        pending_urls: [],
        completed_urls: [],
        created_at: stamp,
        updated_at: stamp,
      };
    },
    sign(body, secret = webhookSecret) {
      const hex = createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
        .update(body, 'utf8')
        .digest('hex');
      return { 'x-hmac-signature': `hmac-sha256-hex=${hex}` };
    },
    onTrackerCreated: null,
    async deliver(event, webhookUrl) {
      const body = JSON.stringify(event);
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...fake.sign(body) },
        body,
        signal: AbortSignal.timeout(WAIT_LIMITS.request),
      });
      await response.body?.cancel();
      return response.status;
    },
    close: () => closeHttpServer(server, 'the EasyPost stand-in', undefined, 0),
  };
  return fake;
}

/** A signed-able EasyPost Event about a tracker nobody ships (kept by the webhook, set aside as applied by the job). */
export function strayTrackerEvent(id: string): string {
  return JSON.stringify({
    id,
    object: 'Event',
    description: 'tracker.updated',
    result: {
      id: `trk_${id}`,
      object: 'Tracker',
      status: 'in_transit',
      tracking_code: id,
      tracking_details: [],
    },
  });
}
