import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { applyTrackingEvents } from '../../src/server/services/tracking/tracking-events';
import type { MyApplication } from '../../src/shared/schemas/application';
import { getWithCookie, postJson, signInAdmin } from '../support/auth-client';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { captureMailer } from '../support/capture-mailer';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { type FakeEasypost, startFakeEasypost } from '../support/fake-easypost';
import { freePort } from '../support/free-port';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { testServices } from '../support/services';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const LENA = { email: 'lena@example.com', name: 'Lena Ortiz', password: 'correct horse battery' };
const MARC = { email: 'marc@example.com', name: 'Marc Diaz' };
const CAMPAIGN = 'Citrus Body Oil';
const NUMBER = '9400111899223197428490';
const RETURNED = '9400111899223197428491';
/** Where the journey's screenshots go (set TRACKING_SCREENSHOTS=<folder> to look at them). */
const SHOTS = process.env.TRACKING_SCREENSHOTS;

/**
 * Issue 38, "Done when": an admin ships a box with a tracking number; the EasyPost stand-in reports it in transit,
 * then delivered (signed webhooks, applied by the tracking-events job); without a click the creator's dashboard shows
 * the carrier timeline and an upload deadline counted from the carrier's delivery time. A second box is returned to
 * sender: a delivery problem opens and that creator's clock stays on hold. The admin's shipping board counts both.
 */
describe('a box tracked by the carrier starts the posting clock by itself', () => {
  const clock = { now: new Date('2026-06-15T12:00:00Z') };
  const mailer = captureMailer();
  let server: E2EServer;
  let easypost: FakeEasypost;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let creator: Page;
  let api: ReturnType<typeof createTestApp>;
  let apiAdmin: string;
  let lenaApp: number;
  let marc: { cookie: string; app: number };
  let campaignId: number;

  const runTrackingJob = () =>
    applyTrackingEvents(testServices({ db: server.db, mailer, now: () => clock.now }));
  /** The stand-in moves a tracker on and posts the signed Event to the app; then the minute's job runs. */
  const carrierSays = async (number: string, scan: Parameters<FakeEasypost['advance']>[1]) => {
    const tracker = [...easypost.trackers.values()].find((t) => t.tracking_code === number);
    const event = easypost.advance(String(tracker!.id), scan);
    expect(await easypost.deliver(event, `${server.url}/api/webhooks/easypost`)).toBe(200);
    expect((await runTrackingJob()).applied).toBe(1);
  };
  const apply = async (cookie: string, campaign: number) =>
    (
      (await (await postJson(api, `/api/campaigns/${campaign}/applications`, {}, cookie)).json()) as {
        id: number;
      }
    ).id;

  beforeAll(async () => {
    easypost = await startFakeEasypost({ now: () => clock.now });
    const port = await freePort();
    const tracking = {
      EASYPOST_API_KEY: easypost.apiKey,
      EASYPOST_WEBHOOK_SECRET: easypost.webhookSecret,
      EASYPOST_API_BASE: `${easypost.url}/v2`,
    };
    const env = { APP_URL: `http://127.0.0.1:${port}`, ...tracking };
    server = await startE2EServer({
      port,
      env,
      deps: { now: () => clock.now, mailer },
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    api = createTestApp(server.db, { now: () => clock.now, env: testEnv(tracking), mailer });
    const lena = await createReadyCreator(api, server.db, { email: LENA.email, name: LENA.name });
    const marcMade = await createReadyCreator(api, server.db, { email: MARC.email, name: MARC.name });
    apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
    // Applications close Jun 20: the campaign's upload deadline is Jun 27.
    const campaign = await insertCampaign(server.db, {
      name: CAMPAIGN,
      type: 'gifting',
      status: 'active',
      deadline: '2026-06-20',
      followersRequired: 0,
    });
    campaignId = campaign.id;
    lenaApp = await apply(lena.cookie, campaignId);
    marc = { cookie: marcMade.cookie, app: await apply(marcMade.cookie, campaignId) };
    for (const id of [lenaApp, marc.app]) {
      expect((await postJson(api, `/api/admin/applications/${id}/accept`, {}, apiAdmin)).status).toBe(200);
    }
    browser = await launchBrowser();
    const make = async () => {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
    admin = await make();
    creator = await make();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await easypost?.close();
  });

  const board = () => admin.getByTestId('carrier-board');
  const lenaCard = () => admin.getByTestId('applicant').filter({ hasText: LENA.name });
  const myCampaign = () => creator.getByTestId('my-campaign').filter({ hasText: CAMPAIGN });

  it('the admin ships a box with a tracking number; the board counts it as the carrier reports', async () => {
    // Days pass in this journey: each person signs in on the day they look (an admin's session ends when idle).
    clock.now = new Date('2026-06-21T09:00:00Z');
    await signInThroughApi(admin.context(), server.url, ADMIN);
    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    await expect.poll(() => textOf(board())).toContain('No tracked box yet');
    await lenaCard().getByLabel('Carrier').fill('USPS');
    await lenaCard().getByLabel('Tracking number').fill(NUMBER);
    await lenaCard().getByRole('button', { name: 'Mark shipped' }).click();
    await expect.poll(() => lenaCard().getAttribute('data-status')).toBe('shipped');
    // Registered with the carrier at once: the board counts it, without a reload.
    await expect.poll(() => textOf(board().getByTestId('carrier-summary'))).toBe('1 label created');
    // The second box is shipped by the API (a CSV or a store's fulfilment would do the same).
    apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
    const shipped = await postJson(
      api,
      `/api/admin/applications/${marc.app}/shipment`,
      { carrier: 'USPS', trackingNumber: RETURNED },
      apiAdmin,
    );
    expect(shipped.status).toBe(200);
    await expect.poll(() => textOf(board().getByTestId('carrier-summary'))).toBe('2 label created');
  }, 60_000);

  it('in transit, then delivered: the creator sees the timeline and a deadline from the carrier time, no click', async () => {
    await signInThroughApi(creator.context(), server.url, LENA);
    await creator.goto(`${server.url}/dashboard?tab=campaigns`);
    await expect.poll(() => myCampaign().count()).toBe(1);
    const timeline = myCampaign().getByTestId('carrier-timeline');
    await expect.poll(() => textOf(timeline)).toContain('Label created');

    clock.now = new Date('2026-06-22T08:30:00Z');
    await carrierSays(NUMBER, {
      status: 'in_transit',
      message: 'Accepted at USPS Origin Facility',
      at: '2026-06-22T08:00:00Z',
      city: 'Portland',
      state: 'OR',
    });
    // The stand-in estimates delivery two days after the first scan.
    await expect.poll(() => textOf(timeline)).toContain('In transit');
    expect(await textOf(timeline)).toContain('expected Jun 24, 2026');
    expect(await textOf(timeline)).toContain('Accepted at USPS Origin Facility');
    expect(await textOf(timeline)).toContain('Portland, OR');
    expect(await textOf(myCampaign().getByTestId('upload-deadline'))).toBe('Jun 27, 2026 (on hold)');

    clock.now = new Date('2026-06-24T16:00:00Z');
    await carrierSays(NUMBER, {
      status: 'delivered',
      message: 'Delivered, Front Door/Porch',
      at: '2026-06-24T15:30:00Z',
      city: 'Austin',
      state: 'TX',
    });
    // Delivered on Jun 24 by the carrier's scan: 7 days after is Jul 1, later than the campaign's Jun 27.
    await expect.poll(() => textOf(myCampaign().getByTestId('upload-deadline'))).toBe('Jul 1, 2026');
    expect(await textOf(timeline)).toContain('Delivered on Jun 24, 2026, as reported by the carrier.');
    expect(await textOf(timeline)).toContain('Delivered, Front Door/Porch');
    expect(await textOf(timeline)).toContain('Austin, TX');
    expect(await textOf(myCampaign().getByTestId('deadline-reasons'))).toContain(
      'Moved to 7 days after your box arrived (Jun 24).',
    );
    const mine = (await (await getWithCookie(api, '/api/me/applications', await lenaCookie())).json()) as {
      items: MyApplication[];
    };
    expect(mine.items[0]).toMatchObject({
      status: 'delivered',
      uploadDeadline: '2026-07-01',
      tracking: { deliveredBy: 'carrier', deliveredAt: '2026-06-24T15:30:00.000Z' },
    });
    await screenshotWidths(creator, SHOTS, 'creator-carrier-timeline');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
  }, 90_000);

  it('a box returned to sender opens a delivery problem and its clock stays on hold; the board says so', async () => {
    clock.now = new Date('2026-06-25T10:00:00Z');
    await carrierSays(RETURNED, {
      status: 'return_to_sender',
      message: 'Return to Sender: Insufficient Address',
      at: '2026-06-25T09:00:00Z',
      city: 'Austin',
      state: 'TX',
    });
    const marcs = (await (await getWithCookie(api, '/api/me/applications', marc.cookie)).json()) as {
      items: MyApplication[];
    };
    expect(marcs.items[0]).toMatchObject({ status: 'shipped', postingClock: { paused: true } });
    const problems = await (await getWithCookie(api, '/api/me/delivery-problems', marc.cookie)).json();
    expect(problems).toMatchObject({
      items: [
        {
          applicationId: marc.app,
          kind: 'not_received',
          status: 'open',
          openedAt: '2026-06-25T10:00:00.000Z',
        },
      ],
    });

    await admin.context().clearCookies();
    await signInThroughApi(admin.context(), server.url, ADMIN);
    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    await expect.poll(() => textOf(board().getByTestId('carrier-summary'))).toBe('1 delivered · 1 returned');
    await board()
      .getByRole('button', { name: /Returned to sender 1/ })
      .click();
    const boxes = board().getByTestId('carrier-box');
    await expect.poll(() => boxes.count()).toBe(1);
    expect(await textOf(boxes.first())).toContain(MARC.name);
    expect(await textOf(boxes.first())).toContain(RETURNED);
    expect(await textOf(lenaCard())).toContain('Delivered');
    await screenshotWidths(admin, SHOTS, 'admin-shipping-board');
    expect(await phoneScrollWidth(admin)).toBeLessThanOrEqual(375);
  }, 90_000);

  async function lenaCookie() {
    const cookies = await creator.context().cookies();
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }
});
