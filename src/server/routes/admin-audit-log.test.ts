import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useAdminApp } from '../../../tests/support/admin-app';
import { postJson } from '../../../tests/support/auth-client';
import { GLOW_SERUM_CAMPAIGN } from '../../../tests/support/box-campaign';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertApplication, insertCampaign, insertCreator } from '../../../tests/support/factories';
import { type FakePaypal, startFakePaypal } from '../../../tests/support/fake-paypal';
import { type FakeShopify, startFakeShopify } from '../../../tests/support/fake-shopify';
import { fakeProduct } from '../../../tests/support/fake-shopify-catalogue';
import { giveMint } from '../../../tests/support/mint';
import { insertSubmittedPost } from '../../../tests/support/posts';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { uploadCampaignImage } from '../../../tests/support/uploads';
import { applications } from '../../db/schema/applications';
import { auditLog } from '../../db/schema/audit';
import { contentMetricSnapshots } from '../../db/schema/content-metrics';
import { conversationMessages, conversations } from '../../db/schema/conversations';
import { creators } from '../../db/schema/creators';
import { deliveryProblems } from '../../db/schema/shipping';
import type { AuditLogList } from '../../shared/schemas/audit-log';
import type { Payout } from '../../shared/schemas/payout';
import { upsertAdmin } from '../services/admin-accounts';
import { changedFields, REDACTED, sanitize } from '../services/audit-log';

/**
 * Issue 22: every admin route that changes data writes exactly one audit entry per record it changed, in the
 * transaction of the change (a refused or failed action writes none); the trail is listed, filtered and paged for
 * admins only; the database refuses to change or delete an entry.
 */

const ADMIN_NAME = 'Admin <ops@mintbox.test>';
const ORIGIN = 'http://localhost:3000';
/** The client address of every admin call (the app trusts X-Forwarded-For here, as behind a proxy). */
const ADMIN_IP = '203.0.113.9';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Admin routes that change no record, so they write no entry (with the reason). */
const AUDIT_PRODUCT = fakeProduct('Audit Serum', ['Shade 01', 'Shade 02', 'Shade 03']);

const NOT_AUDITED: Record<string, string> = {
  // Stores an image file and answers its address; no record changes until a campaign is saved with it, and that
  // save is audited (campaign.create / campaign.update with imageUrl and gallery).
  'POST /api/admin/uploads': 'stores a file only',
  // Conversations (issue 26): a message is its own record, with its author and time; the team's images, read marks
  // and saved replies (shared templates) change nobody's record. Hiding a creator's message is audited (a case).
  'POST /api/admin/applications/:id/conversation': 'opens the conversation record only',
  'POST /api/admin/conversations/:id/images': 'stores a file only',
  'POST /api/admin/conversations/:id/messages': 'the message keeps its author and time',
  'PATCH /api/admin/conversations/:id/messages/:messageId': "the admin's own message, within 5 minutes",
  'DELETE /api/admin/conversations/:id/messages/:messageId': "the admin's own unanswered message",
  'POST /api/admin/conversations/:id/seen': 'a read mark',
  'POST /api/admin/saved-replies': 'a team template',
  'PUT /api/admin/saved-replies/:id': 'a team template',
  'DELETE /api/admin/saved-replies/:id': 'a team template',
  // Issue 37: a store order is a record of its own (store_orders: its state, the store's order id and time), made for
  // an acceptance that is audited; a fulfilment read back marks the box shipped in the name of the store that said so
  // (application.ship with the store as the actor: the carrier and tracking number are the store's, not the admin's).
  'POST /api/admin/store-orders': 'each order is its own record, for an audited acceptance',
  'POST /api/admin/store-fulfilments': 'the shipment is recorded in the name of the store',
  // Re-sync mirrors the store (decision 0040): SKU, price and image as the store has them, and a variant deleted
  // there made unavailable; the store is the author of the change, and the store's state shows what happened.
  'POST /api/admin/stores/:id/sync': 'mirrors the store; the store is the author of the change',
};

type Fields = Record<string, unknown> | null;
interface Expected {
  action: string;
  entityType: string;
  entityId: string;
  before: Fields;
  after: Fields;
}
interface Call {
  method: string;
  path: string;
  body?: unknown;
  contentType?: string;
  /** Expected status (2xx). */
  status: number;
}
interface Case {
  name: string;
  route: string;
  /** Sets the records up; returns the call and the entries it must write (given the answer's body). */
  prepare: () => Promise<{ call: Call; expected: (answer: Record<string, unknown>) => Expected[] }>;
}

const CAMPAIGN_INPUT = { ...GLOW_SERUM_CAMPAIGN, name: 'Audit Glow Serum', status: 'draft' };

describe.each(TEST_DRIVERS)('the audit trail on %s', (driver) => {
  let fake: FakePaypal;
  let shop: FakeShopify;
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  const api = useAdminApp(driver, async () => {
    fake = await startFakePaypal();
    shop = await startFakeShopify({
      shopName: 'Audit Store',
      token: 'shpat_audit_0123456789',
      products: [AUDIT_PRODUCT],
    });
    const env = {
      SHOPIFY_API_BASE: shop.url,
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE: fake.url,
    };
    return { env, mailer: captureMailer(), now: () => clock.now };
  });
  afterAll(async () => {
    await fake?.close();
    await shop?.close();
  });
  let n = 0;
  let keys = 0;

  const send = (call: Omit<Call, 'status'>, { cookie = api.admin, ip = ADMIN_IP } = {}) =>
    api.app.request(call.path, {
      method: call.method,
      headers: {
        origin: ORIGIN,
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
        ...(call.body !== undefined ? { 'content-type': call.contentType ?? 'application/json' } : {}),
      },
      ...(call.body !== undefined
        ? { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) }
        : {}),
    });
  const lastEntryId = async () =>
    (await api.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog))[0]!.id;
  const entriesAfter = (id: number) =>
    api.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id));
  const list = async (query: string, cookie = api.admin) => {
    const response = await api.app.request(`/api/admin/audit-log${query}`, {
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });
    return { status: response.status, body: (await response.json()) as AuditLogList & { error?: string } };
  };

  const readyCreator = async (name = 'Ready Creator') => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `audit${n}-${driver}@example.com`, name });
  };
  /** A creator with Mint and a pending payout of 50 Mint. */
  const pendingPayout = async () => {
    const made = await readyCreator();
    await giveMint(api.db, made.creatorId, 80);
    keys += 1;
    const response = await postJson(api.app, '/api/me/payouts', { amount: 50 }, made.cookie, {
      'idempotency-key': `audit-${driver}-${keys}`,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Payout;
  };
  const openProblem = async (status: 'shipped' | 'delivered' = 'shipped') => {
    const { application } = await insertApplication(api.db, { status });
    const [problem] = await api.db
      .insert(deliveryProblems)
      .values({ applicationId: application.id, kind: 'not_received', status: 'open', openedAt: clock.now })
      .returning();
    return { application, problem: problem! };
  };

  const CASES: Case[] = [
    {
      name: 'creating a campaign records its fields',
      route: 'POST /api/admin/campaigns',
      prepare: async () => ({
        call: { method: 'POST', path: '/api/admin/campaigns', body: CAMPAIGN_INPUT, status: 201 },
        expected: (answer) => [
          {
            action: 'campaign.create',
            entityType: 'campaign',
            entityId: String(answer.id),
            before: null,
            after: {
              ...CAMPAIGN_INPUT,
              budget: '2500.00',
              productValue: null,
              followersRequired: 0,
              reach: 0,
              maxAccepted: null,
              gallery: ['/images/campaigns/test.svg'],
            },
          },
        ],
      }),
    },
    {
      name: 'changing a campaign records only the fields that changed',
      route: 'PATCH /api/admin/campaigns/:id',
      prepare: async () => {
        const campaign = await insertCampaign(api.db, {
          name: 'Old name',
          reward: 25,
          budget: '1000.00',
        });
        return {
          call: {
            method: 'PATCH',
            path: `/api/admin/campaigns/${campaign.id}`,
            // The same budget written differently and the same description are no change.
            body: { name: 'New name', reward: 60, budget: '1000', description: campaign.description },
            status: 200,
          },
          expected: () => [
            {
              action: 'campaign.update',
              entityType: 'campaign',
              entityId: String(campaign.id),
              before: { name: 'Old name', reward: 25 },
              after: { name: 'New name', reward: 60 },
            },
          ],
        };
      },
    },
    {
      name: "changing a campaign's image records the image and the gallery",
      route: 'PATCH /api/admin/campaigns/:id',
      prepare: async () => {
        const campaign = await insertCampaign(api.db, {
          imageUrl: '/images/campaigns/old.svg',
          gallery: ['/images/campaigns/old.svg'],
        });
        // The new image is uploaded the way the admin's form does it (a campaign takes only public uploads).
        const url = await uploadCampaignImage(api.app, api.admin);
        return {
          call: {
            method: 'PATCH',
            path: `/api/admin/campaigns/${campaign.id}`,
            body: { imageUrl: url },
            status: 200,
          },
          expected: () => [
            {
              action: 'campaign.update',
              entityType: 'campaign',
              entityId: String(campaign.id),
              before: { imageUrl: '/images/campaigns/old.svg', gallery: ['/images/campaigns/old.svg'] },
              after: {
                imageUrl: url,
                gallery: [url, '/images/campaigns/old.svg'],
              },
            },
          ],
        };
      },
    },
    {
      name: 'deleting a campaign records what it was',
      route: 'DELETE /api/admin/campaigns/:id',
      prepare: async () => {
        const campaign = await insertCampaign(api.db, { name: 'Gone soon', status: 'draft' });
        return {
          call: { method: 'DELETE', path: `/api/admin/campaigns/${campaign.id}`, status: 204 },
          expected: () => [
            {
              action: 'campaign.delete',
              entityType: 'campaign',
              entityId: String(campaign.id),
              before: expect.objectContaining({
                name: 'Gone soon',
                status: 'draft',
                reward: campaign.reward,
                budget: '1000.00',
              }),
              after: null,
            },
          ],
        };
      },
    },
    {
      name: 'a bulk decision writes one entry per application',
      route: 'POST /api/admin/applications/decisions',
      prepare: async () => {
        const campaign = await insertCampaign(api.db);
        const first = await insertApplication(api.db, { status: 'applied', campaign });
        const second = await insertApplication(api.db, { status: 'applied', campaign });
        const ids = [first.application.id, second.application.id];
        return {
          call: {
            method: 'POST',
            path: '/api/admin/applications/decisions',
            body: { ids, decision: 'accept', message: 'Welcome aboard!' },
            status: 200,
          },
          expected: () =>
            ids.map((id) => ({
              action: 'application.accept',
              entityType: 'application',
              entityId: String(id),
              before: { status: 'applied', adminMessage: null },
              after: { status: 'accepted', adminMessage: 'Welcome aboard!' },
            })),
        };
      },
    },
    {
      name: 'accepting an application',
      route: 'POST /api/admin/applications/:id/accept',
      prepare: async () => {
        const { application } = await insertApplication(api.db, { status: 'applied' });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/applications/${application.id}/accept`,
            body: {},
            status: 200,
          },
          expected: () => [
            {
              action: 'application.accept',
              entityType: 'application',
              entityId: String(application.id),
              before: { status: 'applied' },
              after: { status: 'accepted' },
            },
          ],
        };
      },
    },
    {
      name: 'rejecting an application with a message',
      route: 'POST /api/admin/applications/:id/reject',
      prepare: async () => {
        const { application } = await insertApplication(api.db, { status: 'applied' });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/applications/${application.id}/reject`,
            body: { message: 'Not this time' },
            status: 200,
          },
          expected: () => [
            {
              action: 'application.reject',
              entityType: 'application',
              entityId: String(application.id),
              before: { status: 'applied', adminMessage: null },
              after: { status: 'rejected', adminMessage: 'Not this time' },
            },
          ],
        };
      },
    },
    {
      name: 'marking a box shipped',
      route: 'POST /api/admin/applications/:id/shipment',
      prepare: async () => {
        const { application } = await insertApplication(api.db, { status: 'accepted' });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/applications/${application.id}/shipment`,
            body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
            status: 200,
          },
          expected: () => [
            {
              action: 'application.ship',
              entityType: 'application',
              entityId: String(application.id),
              before: { status: 'accepted', carrier: null, trackingNumber: null },
              after: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
            },
          ],
        };
      },
    },
    {
      name: 'importing tracking numbers writes one entry per imported row, none for a bad row',
      route: 'POST /api/admin/campaigns/:id/shipments',
      prepare: async () => {
        const campaign = await insertCampaign(api.db);
        const one = await insertApplication(api.db, { status: 'accepted', campaign });
        const two = await insertApplication(api.db, { status: 'accepted', campaign });
        const csv = [
          'application_id,carrier,tracking_number',
          `${one.application.id},USPS,9400100000000000000001`,
          `${two.application.id},USPS,`,
          `${two.application.id},DHL,JD014600003828`,
        ].join('\n');
        return {
          call: {
            method: 'POST',
            path: `/api/admin/campaigns/${campaign.id}/shipments`,
            body: csv,
            contentType: 'text/csv',
            status: 200,
          },
          expected: () => [
            {
              action: 'application.import_shipment',
              entityType: 'application',
              entityId: String(one.application.id),
              before: { status: 'accepted', carrier: null, trackingNumber: null },
              after: { status: 'shipped', carrier: 'USPS', trackingNumber: '9400100000000000000001' },
            },
            {
              action: 'application.import_shipment',
              entityType: 'application',
              entityId: String(two.application.id),
              before: { status: 'accepted', carrier: null, trackingNumber: null },
              after: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD014600003828' },
            },
          ],
        };
      },
    },
    {
      name: 'marking a box delivered',
      route: 'POST /api/admin/applications/:id/delivered',
      prepare: async () => {
        const { application } = await insertApplication(api.db, { status: 'shipped' });
        return {
          call: { method: 'POST', path: `/api/admin/applications/${application.id}/delivered`, status: 200 },
          expected: () => [
            {
              action: 'application.deliver',
              entityType: 'application',
              entityId: String(application.id),
              before: { status: 'shipped' },
              after: { status: 'delivered' },
            },
          ],
        };
      },
    },
    {
      name: 'approving content records the Mint credited',
      route: 'POST /api/admin/submissions/:id/approve',
      prepare: async () => {
        const { submission, campaign } = await insertApplication(api.db, {
          status: 'content_submitted',
        });
        return {
          call: { method: 'POST', path: `/api/admin/submissions/${submission!.id}/approve`, status: 200 },
          expected: () => [
            {
              action: 'submission.approve',
              entityType: 'submission',
              entityId: String(submission!.id),
              before: { status: 'submitted', mintCredited: 0 },
              after: { status: 'approved', mintCredited: campaign.reward },
            },
          ],
        };
      },
    },
    {
      name: 'requesting changes',
      route: 'POST /api/admin/submissions/:id/request-changes',
      prepare: async () => {
        const { submission } = await insertApplication(api.db, { status: 'content_submitted' });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/submissions/${submission!.id}/request-changes`,
            body: { message: 'Show the label, please.' },
            status: 200,
          },
          expected: () => [
            {
              action: 'submission.request_changes',
              entityType: 'submission',
              entityId: String(submission!.id),
              before: { status: 'submitted', reviewMessage: null },
              after: { status: 'changes_requested', reviewMessage: 'Show the label, please.' },
            },
          ],
        };
      },
    },
    {
      name: 'entering a post’s figures for the first time records them all',
      route: 'POST /api/admin/submissions/:id/metrics',
      prepare: async () => {
        const campaign = await insertCampaign(api.db);
        const creator = await insertCreator(api.db);
        const postUrl = 'https://www.instagram.com/p/audit-first';
        const submissionId = await insertSubmittedPost(api.db, {
          campaignId: campaign.id,
          creatorId: creator.id,
          urls: [postUrl],
        });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/submissions/${submissionId}/metrics`,
            body: { postUrl, views: 1200, likes: 80 },
            status: 201,
          },
          expected: () => [
            {
              action: 'metrics.enter',
              entityType: 'submission',
              entityId: String(submissionId),
              before: null,
              after: {
                postUrl,
                views: 1200,
                likes: 80,
                comments: null,
                shares: null,
                saves: null,
                reach: null,
              },
            },
          ],
        };
      },
    },
    {
      name: 'correcting a post’s figures records the figures that changed',
      route: 'POST /api/admin/submissions/:id/metrics',
      prepare: async () => {
        const campaign = await insertCampaign(api.db);
        const creator = await insertCreator(api.db);
        const postUrl = 'https://www.instagram.com/p/audit-fix';
        const submissionId = await insertSubmittedPost(api.db, {
          campaignId: campaign.id,
          creatorId: creator.id,
          urls: [postUrl],
        });
        await api.db.insert(contentMetricSnapshots).values({
          submissionId,
          postUrl,
          source: 'admin',
          views: 900,
          likes: 80,
          measuredAt: new Date('2026-06-01T00:00:00Z'),
        });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/submissions/${submissionId}/metrics`,
            body: { postUrl, views: 1200, likes: 80 },
            status: 201,
          },
          expected: () => [
            {
              action: 'metrics.enter',
              entityType: 'submission',
              entityId: String(submissionId),
              before: { postUrl, views: 900 },
              after: { postUrl, views: 1200 },
            },
          ],
        };
      },
    },
    {
      name: "confirming a creator's report",
      route: 'POST /api/admin/metrics/:id/confirm',
      prepare: async () => {
        const campaign = await insertCampaign(api.db);
        const creator = await insertCreator(api.db);
        const postUrl = 'https://www.instagram.com/p/audit-report';
        const submissionId = await insertSubmittedPost(api.db, {
          campaignId: campaign.id,
          creatorId: creator.id,
          urls: [postUrl],
        });
        const [report] = await api.db
          .insert(contentMetricSnapshots)
          .values({
            submissionId,
            postUrl,
            source: 'creator',
            views: 500,
            screenshotUrl: '/uploads/shot.png',
            measuredAt: new Date('2026-06-02T00:00:00Z'),
          })
          .returning();
        return {
          call: { method: 'POST', path: `/api/admin/metrics/${report!.id}/confirm`, status: 200 },
          expected: () => [
            {
              action: 'metrics.confirm',
              entityType: 'metric_report',
              entityId: String(report!.id),
              before: { confirmed: false },
              after: { confirmed: true },
            },
          ],
        };
      },
    },
    {
      name: 'starting a payout to pay by hand',
      route: 'POST /api/admin/payouts/process',
      prepare: async () => {
        const payout = await pendingPayout();
        return {
          call: {
            method: 'POST',
            path: '/api/admin/payouts/process',
            body: { ids: [payout.id], mode: 'manual' },
            status: 200,
          },
          expected: () => [
            {
              action: 'payout.start',
              entityType: 'payout',
              entityId: String(payout.id),
              before: { status: 'pending', mode: null },
              after: { status: 'processing', mode: 'manual' },
            },
          ],
        };
      },
    },
    {
      name: 'sending payouts to PayPal writes one entry per payout (PayPal’s own answers are not admin actions)',
      route: 'POST /api/admin/payouts/process',
      prepare: async () => {
        const first = await pendingPayout();
        const second = await pendingPayout();
        return {
          call: {
            method: 'POST',
            path: '/api/admin/payouts/process',
            body: { ids: [first.id, second.id], mode: 'paypal' },
            status: 200,
          },
          expected: () =>
            [first, second].map((payout) => ({
              action: 'payout.send_to_paypal',
              entityType: 'payout',
              entityId: String(payout.id),
              before: { status: 'pending', mode: null },
              after: {
                status: 'processing',
                mode: 'paypal',
                paypalBatch: expect.stringMatching(/^mintbox-/),
              },
            })),
        };
      },
    },
    {
      name: 'marking a payout paid',
      route: 'POST /api/admin/payouts/:id/mark-paid',
      prepare: async () => {
        const payout = await pendingPayout();
        const started = await send({
          method: 'POST',
          path: '/api/admin/payouts/process',
          body: { ids: [payout.id], mode: 'manual' },
        });
        expect(started.status).toBe(200);
        return {
          call: {
            method: 'POST',
            path: `/api/admin/payouts/${payout.id}/mark-paid`,
            body: { reference: '9XK12345AB678' },
            status: 200,
          },
          expected: () => [
            {
              action: 'payout.mark_paid',
              entityType: 'payout',
              entityId: String(payout.id),
              before: { status: 'processing', reference: null },
              after: { status: 'completed', reference: '9XK12345AB678' },
            },
          ],
        };
      },
    },
    {
      name: 'cancelling a payout (marking it failed) records the Mint returned',
      route: 'POST /api/admin/payouts/:id/mark-failed',
      prepare: async () => {
        const payout = await pendingPayout();
        return {
          call: {
            method: 'POST',
            path: `/api/admin/payouts/${payout.id}/mark-failed`,
            body: { reason: 'Wrong PayPal account' },
            status: 200,
          },
          expected: () => [
            {
              action: 'payout.mark_failed',
              entityType: 'payout',
              entityId: String(payout.id),
              before: { status: 'pending', failureReason: null, mintReturned: 0 },
              after: { status: 'failed', failureReason: 'Wrong PayPal account', mintReturned: 50 },
            },
          ],
        };
      },
    },
    {
      name: "adjusting a creator's Mint",
      route: 'POST /api/admin/influencers/:id/adjustments',
      prepare: async () => {
        const creator = await insertCreator(api.db);
        await giveMint(api.db, creator.id, 20);
        return {
          call: {
            method: 'POST',
            path: `/api/admin/influencers/${creator.id}/adjustments`,
            body: { amount: -5, reason: 'Duplicate reward' },
            status: 201,
          },
          expected: () => [
            {
              action: 'mint.adjust',
              entityType: 'creator',
              entityId: String(creator.id),
              before: { balance: 20 },
              after: { balance: 15, amount: -5, reason: 'Duplicate reward' },
            },
          ],
        };
      },
    },
    {
      name: 'adding a note on a creator',
      route: 'POST /api/admin/influencers/:id/notes',
      prepare: async () => {
        const creator = await insertCreator(api.db);
        return {
          call: {
            method: 'POST',
            path: `/api/admin/influencers/${creator.id}/notes`,
            body: { body: 'Prefers morning deliveries.' },
            status: 201,
          },
          expected: (answer) => [
            {
              action: 'creator.add_note',
              entityType: 'creator',
              entityId: String(creator.id),
              before: null,
              after: { noteId: answer.id, note: 'Prefers morning deliveries.' },
            },
          ],
        };
      },
    },
    ...(['suspend', 'ban'] as const).map(
      (action): Case => ({
        name: `${action === 'ban' ? 'banning' : 'suspending'} a creator`,
        route: `POST /api/admin/influencers/:id/${action}`,
        prepare: async () => {
          const creator = await insertCreator(api.db);
          return {
            call: {
              method: 'POST',
              path: `/api/admin/influencers/${creator.id}/${action}`,
              body: { reason: 'Fake engagement' },
              status: 200,
            },
            expected: () => [
              {
                action: `creator.${action}`,
                entityType: 'creator',
                entityId: String(creator.id),
                before: { standing: 'active' },
                after: { standing: action === 'ban' ? 'banned' : 'suspended', reason: 'Fake engagement' },
              },
            ],
          };
        },
      }),
    ),
    {
      name: 'lifting a suspension',
      route: 'POST /api/admin/influencers/:id/restore',
      prepare: async () => {
        const creator = await insertCreator(api.db, { standing: 'suspended' });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/influencers/${creator.id}/restore`,
            body: { reason: 'Appeal accepted' },
            status: 200,
          },
          expected: () => [
            {
              action: 'creator.restore',
              entityType: 'creator',
              entityId: String(creator.id),
              before: { standing: 'suspended' },
              after: { standing: 'active', reason: 'Appeal accepted' },
            },
          ],
        };
      },
    },
    {
      name: 'changing where a box goes records the changed address fields, masked',
      route: 'PATCH /api/admin/applications/:id/shipping-address',
      prepare: async () => {
        const made = await readyCreator('Ready Creator');
        const [creator] = await api.db.select().from(creators).where(eq(creators.id, made.creatorId));
        const { application } = await insertApplication(api.db, { status: 'accepted', creator });
        return {
          call: {
            method: 'PATCH',
            path: `/api/admin/applications/${application.id}/shipping-address`,
            body: {
              fullName: 'Ana Silva',
              addressLine1: '500 Congress Ave',
              city: 'Austin',
              state: 'TX',
              zipCode: '78701',
              phone: '5125550199',
              reason: 'Moved last week',
            },
            status: 200,
          },
          expected: () => [
            {
              action: 'application.override_address',
              entityType: 'application',
              entityId: String(application.id),
              // City, state and the empty second line did not change.
              before: {
                fullName: 'R***',
                addressLine1: '1***',
                zipCode: '7***',
                phone: '4***',
                source: 'profile',
              },
              after: {
                fullName: 'A***',
                addressLine1: '5***',
                zipCode: '7***',
                phone: '5***',
                source: 'override',
                reason: 'Moved last week',
              },
            },
          ],
        };
      },
    },
    {
      name: 'hiding a message of a conversation',
      route: 'POST /api/admin/conversations/:id/messages/:messageId/hide',
      prepare: async () => {
        const { application } = await insertApplication(api.db, { status: 'accepted' });
        const [conversation] = await api.db
          .insert(conversations)
          .values({
            applicationId: application.id,
            creatorId: application.creatorId,
            campaignId: application.campaignId,
          })
          .returning();
        const [message] = await api.db
          .insert(conversationMessages)
          .values({
            conversationId: conversation!.id,
            authorRole: 'creator',
            authorName: 'A creator',
            body: 'call me',
          })
          .returning();
        return {
          call: {
            method: 'POST',
            path: `/api/admin/conversations/${conversation!.id}/messages/${message!.id}/hide`,
            body: { reason: 'Personal data' },
            status: 204,
          },
          expected: () => [
            {
              action: 'conversation.hide_message',
              entityType: 'conversation_message',
              entityId: String(message!.id),
              before: { hidden: false },
              after: { hidden: true, reason: 'Personal data' },
            },
          ],
        };
      },
    },
    {
      name: 'answering a delivery problem',
      route: 'POST /api/admin/problems/:id/reply',
      prepare: async () => {
        const { problem } = await openProblem();
        return {
          call: {
            method: 'POST',
            path: `/api/admin/problems/${problem.id}/reply`,
            body: { message: 'We are checking with the carrier.' },
            status: 200,
          },
          expected: () => [
            {
              action: 'problem.reply',
              entityType: 'delivery_problem',
              entityId: String(problem.id),
              before: { reply: null },
              after: { reply: 'We are checking with the carrier.' },
            },
          ],
        };
      },
    },
    {
      name: 'resolving a delivery problem',
      route: 'POST /api/admin/problems/:id/resolve',
      prepare: async () => {
        const { problem } = await openProblem();
        return {
          call: {
            method: 'POST',
            path: `/api/admin/problems/${problem.id}/resolve`,
            body: {},
            status: 200,
          },
          expected: () => [
            {
              action: 'problem.resolve',
              entityType: 'delivery_problem',
              entityId: String(problem.id),
              before: { status: 'open', resolution: null },
              after: { status: 'resolved', resolution: 'Resolved by the brand.' },
            },
          ],
        };
      },
    },
    {
      name: 'sending a new box for a delivery problem',
      route: 'POST /api/admin/problems/:id/reship',
      prepare: async () => {
        const { problem, application } = await openProblem('delivered');
        return {
          call: {
            method: 'POST',
            path: `/api/admin/problems/${problem.id}/reship`,
            body: { carrier: 'FedEx', trackingNumber: '7700 1234', message: 'A new box is on its way.' },
            status: 200,
          },
          expected: () => [
            {
              action: 'problem.reship',
              entityType: 'delivery_problem',
              entityId: String(problem.id),
              before: {
                status: 'open',
                applicationStatus: 'delivered',
                carrier: application.carrier,
                trackingNumber: application.trackingNumber,
              },
              after: {
                status: 'resolved',
                applicationStatus: 'shipped',
                carrier: 'FedEx',
                trackingNumber: '7700 1234',
                reply: 'A new box is on its way.',
              },
            },
          ],
        };
      },
    },
    {
      name: 'switching the mail digest off',
      route: 'PUT /api/admin/me/digest',
      prepare: async () => ({
        call: { method: 'PUT', path: '/api/admin/me/digest', body: { enabled: false }, status: 200 },
        expected: () => [
          {
            action: 'settings.digest',
            entityType: 'admin_digest',
            entityId: api.adminId,
            before: { enabled: true },
            after: { enabled: false },
          },
        ],
      }),
    },
    {
      // Issue 27: the year-end file holds full TINs; downloading it (a read, not a change) is recorded with every
      // form whose TIN was read.
      name: 'downloading the year-end tax file',
      route: 'POST /api/admin/tax-year/:year/export',
      prepare: async () => ({
        call: {
          method: 'POST',
          path: '/api/admin/tax-year/2026/export',
          body: { password: ADMIN_PASSWORD },
          status: 200,
        },
        expected: () => [
          {
            action: 'tax.year_end_export',
            entityType: 'tax_year',
            entityId: '2026',
            before: null,
            after: { recipients: 0, taxForms: [], creators: [] },
          },
        ],
      }),
    },
    // Issue 39: the team and the brands' report links.
    {
      name: 'inviting a team member',
      route: 'POST /api/admin/team/invitations',
      prepare: async () => ({
        call: {
          method: 'POST',
          path: '/api/admin/team/invitations',
          body: { email: 'nia@brand.test', role: 'viewer' },
          status: 201,
        },
        expected: (answer) => [
          {
            action: 'team.invite',
            entityType: 'team_invitation',
            entityId: String(answer.id),
            before: null,
            after: {
              email: 'n***@brand.test',
              role: 'viewer',
              expiresAt: new Date(clock.now.getTime() + 7 * 86_400_000).toISOString(),
            },
          },
        ],
      }),
    },
    {
      name: 'revoking an invitation',
      route: 'DELETE /api/admin/team/invitations/:id',
      prepare: async () => {
        const invited = (await (
          await postJson(
            api.app,
            '/api/admin/team/invitations',
            { email: 'rev@brand.test', role: 'finance' },
            api.admin,
          )
        ).json()) as { id: number };
        return {
          call: { method: 'DELETE', path: `/api/admin/team/invitations/${invited.id}`, status: 200 },
          expected: () => [
            {
              action: 'team.revoke_invitation',
              entityType: 'team_invitation',
              entityId: String(invited.id),
              before: { email: 'r***@brand.test', role: 'finance', status: 'waiting' },
              after: { email: 'r***@brand.test', role: 'finance', status: 'revoked' },
            },
          ],
        };
      },
    },
    ...(['PATCH', 'DELETE'] as const).map(
      (method): Case => ({
        name: method === 'PATCH' ? "changing a member's role" : 'removing a member',
        route: `${method} /api/admin/team/members/:id`,
        prepare: async () => {
          const email = `member-${method.toLowerCase()}@mintbox.test`;
          const { id } = await upsertAdmin(api.db, api.auth, {
            email,
            password: ADMIN_PASSWORD,
            role: 'manager',
          });
          return {
            call: {
              method,
              path: `/api/admin/team/members/${id}`,
              ...(method === 'PATCH' ? { body: { role: 'viewer' } } : {}),
              status: 200,
            },
            expected: () => [
              {
                action: method === 'PATCH' ? 'team.change_role' : 'team.remove',
                entityType: 'team_member',
                entityId: id,
                before: { role: 'manager' },
                after: { role: method === 'PATCH' ? 'viewer' : null },
              },
            ],
          };
        },
      }),
    ),
    {
      name: 'making a report link',
      route: 'POST /api/admin/campaigns/:id/report-links',
      prepare: async () => {
        const campaign = await insertCampaign(api.db, { name: 'Report Serum' });
        return {
          call: {
            method: 'POST',
            path: `/api/admin/campaigns/${campaign.id}/report-links`,
            body: { label: 'Brand team', expiresInDays: 10 },
            status: 201,
          },
          expected: (answer) => [
            {
              action: 'report_link.create',
              entityType: 'report_link',
              entityId: String(answer.id),
              before: null,
              after: {
                campaignId: campaign.id,
                label: 'Brand team',
                expiresAt: new Date(clock.now.getTime() + 10 * 86_400_000).toISOString(),
                protectedLink: false,
                shareSpend: false,
              },
            },
          ],
        };
      },
    },
    {
      name: 'revoking a report link',
      route: 'DELETE /api/admin/report-links/:id',
      prepare: async () => {
        const campaign = await insertCampaign(api.db, { name: 'Revoked Serum' });
        const made = (await (
          await postJson(
            api.app,
            `/api/admin/campaigns/${campaign.id}/report-links`,
            { label: 'Old', expiresInDays: 3 },
            api.admin,
          )
        ).json()) as { id: number };
        return {
          call: { method: 'DELETE', path: `/api/admin/report-links/${made.id}`, status: 200 },
          expected: () => [
            {
              action: 'report_link.revoke',
              entityType: 'report_link',
              entityId: String(made.id),
              before: { status: 'active' },
              after: { status: 'revoked' },
            },
          ],
        };
      },
    },
    // Products and stock (issue 37): one entry on the campaign per change, what it was and what it is.
    ...(() => {
      const productPath = async () => {
        const campaign = await insertCampaign(api.db, { name: 'Shade Serum', type: 'gifting' });
        const added = (await (
          await postJson(
            api.app,
            `/api/admin/campaigns/${campaign.id}/products`,
            {
              name: 'Serum',
              variants: [
                { name: 'Shade 01', sku: 'SER-01', retailValue: '28.00', stock: 5 },
                { name: 'Shade 02', sku: 'SER-02', retailValue: '28.00', stock: 3 },
              ],
            },
            api.admin,
          )
        ).json()) as { id: number };
        const [product] = (
          (await (
            await send({ method: 'GET', path: `/api/admin/campaigns/${campaign.id}/products` })
          ).json()) as { items: Array<{ id: number; variants: Array<{ id: number }> }> }
        ).items;
        expect(product?.id).toBe(added.id);
        return { campaign, product: product! };
      };
      const entry = (campaignId: number, before: Fields, after: Fields): Expected => ({
        action: 'campaign.products',
        entityType: 'campaign',
        entityId: String(campaignId),
        before,
        after,
      });
      return [
        {
          name: 'adding a product with its variants',
          route: 'POST /api/admin/campaigns/:id/products',
          prepare: async () => {
            const campaign = await insertCampaign(api.db, { name: 'New Serum', type: 'gifting' });
            return {
              call: {
                method: 'POST',
                path: `/api/admin/campaigns/${campaign.id}/products`,
                body: {
                  name: 'Balm',
                  variants: [{ name: 'Mint', sku: 'BALM-M', retailValue: '12.00', stock: 9 }],
                },
                status: 201,
              },
              expected: () => [entry(campaign.id, null, { product: 'Balm', variants: 1 })],
            };
          },
        },
        {
          name: 'renaming a product records the old and the new name',
          route: 'PATCH /api/admin/products/:id',
          prepare: async () => {
            const { campaign, product } = await productPath();
            return {
              call: {
                method: 'PATCH',
                path: `/api/admin/products/${product.id}`,
                body: { name: 'Glow Serum' },
                status: 200,
              },
              expected: () => [entry(campaign.id, { product: 'Serum' }, { product: 'Glow Serum' })],
            };
          },
        },
        {
          name: 'deleting a product nobody chose records what it was',
          route: 'DELETE /api/admin/products/:id',
          prepare: async () => {
            const { campaign, product } = await productPath();
            return {
              call: { method: 'DELETE', path: `/api/admin/products/${product.id}`, status: 200 },
              expected: () => [entry(campaign.id, { product: 'Serum' }, null)],
            };
          },
        },
        {
          name: 'adding a variant records it with its stock',
          route: 'POST /api/admin/products/:id/variants',
          prepare: async () => {
            const { campaign, product } = await productPath();
            return {
              call: {
                method: 'POST',
                path: `/api/admin/products/${product.id}/variants`,
                body: { name: 'Shade 03', sku: 'SER-03', retailValue: '28.00', stock: 4 },
                status: 201,
              },
              expected: () => [entry(campaign.id, null, { variant: 'Serum · Shade 03', stock: 4 })],
            };
          },
        },
        {
          name: 'changing a variant’s stock records the stock before and after',
          route: 'PATCH /api/admin/variants/:id',
          prepare: async () => {
            const { campaign, product } = await productPath();
            return {
              call: {
                method: 'PATCH',
                path: `/api/admin/variants/${product.variants[1]!.id}`,
                body: { stock: 7 },
                status: 200,
              },
              expected: () => [
                entry(
                  campaign.id,
                  { variant: 'Serum · Shade 02', stock: 3 },
                  { variant: 'Serum · Shade 02', stock: 7 },
                ),
              ],
            };
          },
        },
        {
          name: 'deleting a variant nobody chose records what it was',
          route: 'DELETE /api/admin/variants/:id',
          prepare: async () => {
            const { campaign, product } = await productPath();
            return {
              call: { method: 'DELETE', path: `/api/admin/variants/${product.variants[0]!.id}`, status: 200 },
              expected: () => [entry(campaign.id, { variant: 'Serum · Shade 01' }, null)],
            };
          },
        },
        {
          name: 'asking a creator for another option records the choice and the option asked about',
          route: 'POST /api/admin/applications/:id/choice-request',
          prepare: async () => {
            const { campaign, product } = await productPath();
            const { application } = await insertApplication(api.db, {
              status: 'applied',
              campaign,
              choices: [{ productId: product.id, variantId: product.variants[1]!.id }],
            });
            return {
              call: {
                method: 'POST',
                path: `/api/admin/applications/${application.id}/choice-request`,
                status: 200,
              },
              expected: () => [
                {
                  action: 'application.ask_choice',
                  entityType: 'application',
                  entityId: String(application.id),
                  before: { choice: 'Serum · Shade 02' },
                  after: { asked: 'Serum · Shade 02' },
                },
              ],
            };
          },
        },
        {
          name: 'connecting a store records the shop, never the token',
          route: 'POST /api/admin/stores',
          prepare: async () => ({
            call: {
              method: 'POST',
              path: '/api/admin/stores',
              body: { brand: 'Lumiere', shopDomain: 'lumiere-audit.myshopify.com', accessToken: shop.token },
              status: 201,
            },
            expected: (answer) => [
              {
                action: 'store.connect',
                entityType: 'store',
                entityId: String(answer.id),
                before: null,
                after: {
                  brand: 'Lumiere',
                  shopDomain: 'lumiere-audit.myshopify.com',
                  shopName: 'Audit Store',
                },
              },
            ],
          }),
        },
        {
          name: 'importing a store product records it on the campaign with its variants',
          route: 'POST /api/admin/campaigns/:id/store-products',
          prepare: async () => {
            const campaign = await insertCampaign(api.db, { name: 'Imported Serum', type: 'gifting' });
            const listed = (await (await send({ method: 'GET', path: '/api/admin/stores' })).json()) as {
              items: Array<{ id: number }>;
            };
            return {
              call: {
                method: 'POST',
                path: `/api/admin/campaigns/${campaign.id}/store-products`,
                body: { storeId: listed.items[0]!.id, productId: AUDIT_PRODUCT.id, stock: 4 },
                status: 201,
              },
              expected: () => [
                {
                  action: 'campaign.products',
                  entityType: 'campaign',
                  entityId: String(campaign.id),
                  before: null,
                  after: { product: 'Audit Serum', variants: 3 },
                },
              ],
            };
          },
        },
      ] satisfies Case[];
    })(),
  ];

  it('has a case for every admin route that changes data (read from the app)', () => {
    const routes = new Set(
      api.app.routes
        .filter((r) => STATE_CHANGING.has(r.method) && r.path.startsWith('/api/admin/'))
        .map((r) => `${r.method} ${r.path}`),
    );
    const covered = new Set([...CASES.map((c) => c.route), ...Object.keys(NOT_AUDITED)]);
    expect([...routes].sort()).toEqual([...covered].sort());
    expect(routes.size).toBeGreaterThanOrEqual(27);
    // Nothing can edit or delete an entry: the trail has a GET and nothing else.
    expect(
      api.app.routes.filter((r) => r.path.startsWith('/api/admin/audit-log') && r.method !== 'GET'),
    ).toEqual([]);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const { call, expected } = await testCase.prepare();
    const mark = await lastEntryId();
    const response = await send(call);
    const text = await response.text();
    expect(response.status, text).toBe(call.status);
    // A file download (the year-end CSV) answers no JSON.
    const json = response.headers.get('content-type')?.includes('application/json');
    const answer = (text && json ? JSON.parse(text) : {}) as Record<string, unknown>;
    const entries = await entriesAfter(mark);
    expect(
      entries.map(({ action, entityType, entityId, before, after }) => ({
        action,
        entityType,
        entityId,
        before,
        after,
      })),
    ).toEqual(expected(answer));
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorUserId: api.adminId, actorName: ADMIN_NAME, ipAddress: ADMIN_IP });
    }
  });

  it('keeps personal values out of the trail: an address change is stored masked', async () => {
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'application.override_address'));
    expect(entries.length).toBeGreaterThan(0);
    const stored = JSON.stringify(entries.map((e) => [e.before, e.after]));
    for (const value of [
      'Ana Silva',
      'Congress',
      '78701',
      '5125550199',
      '1 Main St',
      '73301',
      '4155550134',
    ]) {
      expect(stored).not.toContain(value);
    }
  });

  it('writes nothing when nothing changed', async () => {
    const campaign = await insertCampaign(api.db, { name: 'Same', budget: '1000.00' });
    const mark = await lastEntryId();
    const response = await send({
      method: 'PATCH',
      path: `/api/admin/campaigns/${campaign.id}`,
      body: { name: 'Same', budget: '1000' },
    });
    expect(response.status).toBe(200);
    expect(await entriesAfter(mark)).toEqual([]);
  });

  it('writes nothing for a refused input or a refused step', async () => {
    const campaign = await insertCampaign(api.db);
    const pending = await pendingPayout();
    const mark = await lastEntryId();
    const refused: Array<[Omit<Call, 'status'>, number]> = [
      [{ method: 'PATCH', path: `/api/admin/campaigns/${campaign.id}`, body: { reward: -5 } }, 400],
      [{ method: 'POST', path: '/api/admin/campaigns', body: { ...CAMPAIGN_INPUT, name: '' } }, 400],
      [
        { method: 'POST', path: `/api/admin/payouts/${pending.id}/mark-paid`, body: { reference: 'X1' } },
        409,
      ],
      [
        { method: 'POST', path: `/api/admin/influencers/${2_000_000}/suspend`, body: { reason: 'Nobody' } },
        404,
      ],
    ];
    for (const [call, status] of refused) {
      expect((await send(call)).status, call.path).toBe(status);
    }
    expect(await entriesAfter(mark)).toEqual([]);
  });

  it('rolls the entries back with the change: a bulk decision that fails halfway writes none', async () => {
    const campaign = await insertCampaign(api.db);
    const open = await insertApplication(api.db, { status: 'applied', campaign });
    const decided = await insertApplication(api.db, { status: 'rejected', campaign });
    const mark = await lastEntryId();
    // The first application is accepted (and its entry written) before the second one is refused.
    const response = await send({
      method: 'POST',
      path: '/api/admin/applications/decisions',
      body: { ids: [open.application.id, decided.application.id], decision: 'accept' },
    });
    expect(response.status).toBe(409);
    expect(await entriesAfter(mark)).toEqual([]);
    const [still] = await api.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, open.application.id));
    expect(still?.status).toBe('applied');
  });

  describe('the list', () => {
    const FAY = 'Fay Filter <fay@mintbox.test>';
    const GUS = 'Gus Other <gus@mintbox.test>';
    let ids: Record<string, number> = {};
    let linked:
      | {
          campaignId: number;
          applicationId: number;
          creatorId: number;
          campaignName: string;
          creatorName: string;
        }
      | undefined;

    beforeAll(async () => {
      const campaign = await insertCampaign(api.db);
      const { application, creator } = await insertApplication(api.db, {
        status: 'applied',
        campaign,
      });
      linked = {
        campaignId: campaign.id,
        applicationId: application.id,
        creatorId: creator.id,
        campaignName: campaign.name,
        creatorName: creator.name,
      };
      const rows = await api.db
        .insert(auditLog)
        .values([
          {
            actorUserId: 'fay-id',
            actorName: FAY,
            action: 'campaign.update',
            entityType: 'campaign',
            entityId: String(campaign.id),
            before: { name: 'A' },
            after: { name: 'B' },
            ipAddress: '198.51.100.1',
            createdAt: new Date('2020-01-01T00:00:00Z'),
          },
          {
            actorUserId: 'fay-id',
            actorName: FAY,
            action: 'application.accept',
            entityType: 'application',
            entityId: String(application.id),
            before: { status: 'applied' },
            after: { status: 'accepted' },
            ipAddress: '198.51.100.1',
            createdAt: new Date('2020-01-02T23:59:59Z'),
          },
          {
            actorUserId: 'fay-id',
            actorName: FAY,
            action: 'creator.suspend',
            entityType: 'creator',
            entityId: String(creator.id),
            before: { standing: 'active' },
            after: { standing: 'suspended', reason: 'x' },
            ipAddress: '198.51.100.1',
            createdAt: new Date('2020-01-03T00:00:00Z'),
          },
          {
            actorUserId: 'gus-id',
            actorName: GUS,
            action: 'campaign.delete',
            entityType: 'campaign',
            entityId: '999999',
            before: { name: 'Gone' },
            after: null,
            ipAddress: '198.51.100.2',
            createdAt: new Date('2020-01-02T12:00:00Z'),
          },
        ])
        .returning({ id: auditLog.id, action: auditLog.action });
      ids = Object.fromEntries(rows.map((r) => [r.action, r.id]));
    });

    const idsOf = (body: AuditLogList) => body.items.map((item) => item.id);

    it('lists newest first, paged, with the total', async () => {
      const first = await list('?actor=fay%40mintbox.test&limit=2');
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(3);
      expect(idsOf(first.body)).toEqual([ids['creator.suspend'], ids['application.accept']]);
      const second = await list(`?actor=fay%40mintbox.test&limit=2&cursor=${first.body.nextCursor}`);
      expect(idsOf(second.body)).toEqual([ids['campaign.update']]);
      expect(second.body.nextCursor).toBeNull();
      // The whole trail is newest first too (the entries written above are newer than 2020).
      const all = await list('?limit=100');
      const times = all.body.items.map((item) => item.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('filters by actor (name, email or user id), action, record and dates (UTC days, both included)', async () => {
      expect(idsOf((await list('?actor=Gus')).body)).toEqual([ids['campaign.delete']]);
      expect(idsOf((await list('?actor=gus-id')).body)).toEqual([ids['campaign.delete']]);
      expect(idsOf((await list('?actor=fay&action=creator.suspend')).body)).toEqual([ids['creator.suspend']]);
      expect(idsOf((await list('?entityType=campaign&entityId=999999')).body)).toEqual([
        ids['campaign.delete'],
      ]);
      expect(idsOf((await list('?from=2020-01-02&to=2020-01-02')).body)).toEqual([
        ids['application.accept'],
        ids['campaign.delete'],
      ]);
      expect(idsOf((await list('?actor=fay&from=2020-01-03')).body)).toEqual([ids['creator.suspend']]);
      expect(idsOf((await list('?actor=fay&to=2020-01-01')).body)).toEqual([ids['campaign.update']]);
      expect((await list('?actor=nobody-at-all')).body).toEqual({
        items: [],
        total: 0,
        totalCapped: false,
        nextCursor: null,
        prevCursor: null,
      });
    });

    it('answers each entry with who, what, which record, before and after, when, the address and its links', async () => {
      const { body } = await list('?actor=fay&limit=3');
      const byAction = Object.fromEntries(body.items.map((item) => [item.action, item]));
      expect(byAction['application.accept']).toEqual({
        id: ids['application.accept'],
        createdAt: '2020-01-02T23:59:59.000Z',
        actorUserId: 'fay-id',
        actorName: FAY,
        action: 'application.accept',
        entityType: 'application',
        entityId: String(linked!.applicationId),
        before: { status: 'applied' },
        after: { status: 'accepted' },
        ipAddress: '198.51.100.1',
        campaignId: linked!.campaignId,
        creatorId: null,
        // The record named with its campaign and creator, not by id alone (issue 41).
        campaignName: linked!.campaignName,
        creatorName: linked!.creatorName,
      });
      expect(byAction['campaign.update']).toMatchObject({
        campaignId: linked!.campaignId,
        creatorId: null,
        campaignName: linked!.campaignName,
        creatorName: null,
      });
      expect(byAction['creator.suspend']).toMatchObject({
        campaignId: null,
        creatorId: linked!.creatorId,
        campaignName: null,
        creatorName: linked!.creatorName,
      });
      // A deleted campaign has no page to link to, and no name.
      const gone = (await list('?actor=gus')).body.items[0];
      expect(gone).toMatchObject({
        campaignId: null,
        creatorId: null,
        campaignName: null,
        creatorName: null,
      });
    });

    it('refuses bad filters with 400 naming the problem', async () => {
      for (const [query, message] of [
        ['?from=2020-02-30', /from must be a date/],
        ['?to=9999-12-31', /to must be a date/],
        ['?from=0000-01-01', /from must be a date/],
        ['?from=2020-01-03&to=2020-01-02', /to must be on or after from/],
        ['?action=campaign.explode', /action is not an action/],
        ['?entityType=planet', /entityType is not a kind of record/],
        ['?limit=0', /limit must be at least 1/],
      ] as const) {
        const answer = await list(query);
        expect(answer.status, query).toBe(400);
        expect(answer.body.error, query).toMatch(message);
      }
    });

    it('is for admins only: 401 without a session, 403 for a creator', async () => {
      expect((await list('', '')).status).toBe(401);
      const creator = await readyCreator();
      const answer = await list('', creator.cookie);
      expect(answer.status).toBe(403);
      expect(answer.body.items).toBeUndefined();
    });
  });

  it('the database refuses to change or delete an entry, whoever asks', async () => {
    const [entry] = await api.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    expect(entry).toBeDefined();
    const refusal = /audit_log entries cannot be changed or deleted/;
    await expect(
      api.database.exec(`UPDATE audit_log SET action = 'forged' WHERE id = ${entry!.id}`),
    ).rejects.toThrow(refusal);
    await expect(api.database.exec(`DELETE FROM audit_log WHERE id = ${entry!.id}`)).rejects.toThrow(refusal);
    await expect(api.database.exec('TRUNCATE audit_log')).rejects.toThrow(refusal);
    const [still] = await api.db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still?.action).not.toBe('forged');
  });
});

describe('what an entry keeps', () => {
  it('keeps only the fields that changed', () => {
    expect(changedFields({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2] })).toEqual({
      before: { b: 'x', c: [1] },
      after: { b: 'y', c: [1, 2] },
    });
    expect(
      changedFields(
        { a: 1, when: new Date('2026-01-01T00:00:00Z') },
        { a: 1, when: '2026-01-01T00:00:00.000Z' },
      ),
    ).toBeNull();
  });

  it('keeps text PostgreSQL can store in jsonb: a lone surrogate becomes U+FFFD', () => {
    expect(sanitize({ note: 'a\uD800b', tags: ['\uDC00'], pair: '\uD83D\uDE00' })).toEqual({
      note: 'a\uFFFDb',
      tags: ['\uFFFD'],
      pair: '\uD83D\uDE00',
    });
  });

  it('never keeps a secret and masks personal values, at any depth', () => {
    expect(
      sanitize({
        password: 'hunter2hunter2',
        accessToken: 'tok',
        tin: '123-45-6789',
        cardNumber: '4111111111111111',
        paypalEmail: 'ana@example.com',
        nested: { phone: '5125550199', clientSecret: 's' },
        status: 'ok',
      }),
    ).toEqual({
      password: REDACTED,
      accessToken: REDACTED,
      tin: REDACTED,
      cardNumber: REDACTED,
      paypalEmail: 'a***@example.com',
      nested: { phone: '5***', clientSecret: REDACTED },
      status: 'ok',
    });
  });
});
