import { createHmac } from 'node:crypto';
import EasyPostClient from '@easypost/api';
import { describe, expect, it } from 'vitest';
import { verifiedEvent, webhookSigningKey } from './easypost-tracking';

/** What EasyPost sends: the hex HMAC of the body with each integer weight written n.0, with the NFKD secret. */
function easypostSignature(body: string, secret: string) {
  const signed = body.replace(/("weight":\s*)(\d+)(\s*)(?=,|\})/g, '$1$2.0');
  const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
  return `hmac-sha256-hex=${createHmac('sha256', key).update(signed, 'utf8').digest('hex')}`;
}

/** EasyPost's own check (@easypost/api Utils.validateWebhook): the parsed Event, or null when it throws. */
function libraryVerdict(body: string, signature: string | null, secret: string) {
  const client = new EasyPostClient('EZTK_test');
  try {
    return client.Utils.validateWebhook(
      Buffer.from(body, 'utf8'),
      signature ? { 'X-Hmac-Signature': signature } : {},
      secret,
    ) as object;
  } catch {
    return null;
  }
}

describe("the EasyPost webhook signature check agrees with EasyPost's library", () => {
  const secret = 'ｓｅｃｒｅｔ whsec_ﬁ 2026'; // NFKD changes it: the key must be the normalised one
  const tracker = {
    id: 'evt_1',
    object: 'Event',
    description: 'tracker.updated',
    result: {
      id: 'trk_1',
      object: 'Tracker',
      status: 'in_transit',
      tracking_details: [{ message: 'Ä scan' }],
    },
  };
  const bodies = [
    JSON.stringify(tracker),
    JSON.stringify({ ...tracker, result: { ...tracker.result, weight: 12 } }),
    '{"id":"evt_2","result":{"object":"Tracker","weight": 7 ,"parcel":{"weight":3}}}',
    JSON.stringify({ ...tracker, result: { ...tracker.result, weight: 12.5 } }),
  ];

  it('accepts what EasyPost signs, weights rewritten or not, and answers the same Event', () => {
    for (const body of bodies) {
      const signature = easypostSignature(body, secret);
      const ours = verifiedEvent(body, signature, webhookSigningKey(secret));
      expect(ours).not.toBeNull();
      expect(ours).toEqual(libraryVerdict(body, signature, secret));
    }
  });

  it('refuses what the library refuses: forged, unsigned, another secret, a changed body, a signature of another length', () => {
    for (const body of bodies) {
      const signature = easypostSignature(body, secret);
      const cases: Array<[string, string | null, string]> = [
        [body, null, secret],
        [body, easypostSignature(body, 'another secret'), secret],
        [body.replace('evt_', 'evt_x'), signature, secret],
        [body, `${signature}0`, secret],
        [body, 'hmac-sha256-hex=', secret],
      ];
      for (const [sent, header, key] of cases) {
        expect(libraryVerdict(sent, header, key)).toBeNull();
        expect(verifiedEvent(sent, header, webhookSigningKey(key))).toBeNull();
      }
    }
  });
});
