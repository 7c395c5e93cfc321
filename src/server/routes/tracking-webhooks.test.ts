import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getWithCookie } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { insertCampaign } from '../../../tests/support/factories';
import type { FakeEasypost } from '../../../tests/support/fake-easypost';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { useTrackedApp } from '../../../tests/support/tracked-app';
import { applications } from '../../db/schema/applications';
import type { MyApplication } from '../../shared/schemas/application';
import type { AdminProblem } from '../../shared/schemas/delivery-problems';
import { createEasypostTracking } from '../integrations/tracking/easypost-tracking';
import { refreshTrackers } from '../services/tracking/refresh-trackers';
import { retryRegistrations } from '../services/tracking/registration-retry';
import { applyTrackingEvents } from '../services/tracking/tracking-events';

describe.each(TEST_DRIVERS)('carrier tracking through the EasyPost webhook on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-15T12:00:00Z') };
  const api = useTrackedApp(driver, { mailer, now: () => clock.now });
  let n = 0;

  const { call } = api;
  const mine = async (cookie: string) =>
    (
      (await (await getWithCookie(api.app, '/api/me/applications', cookie)).json()) as {
        items: MyApplication[];
      }
    ).items[0]!;
  const send = (event: unknown, headers?: Record<string, string>) => {
    const body = JSON.stringify(event);
    return api.app.request('/api/webhooks/easypost', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(headers ?? api.easypost.sign(body)) },
      body,
    });
  };
  /** The carrier scans the box (`api.easypost.advance`) and EasyPost's signed Event reaches the webhook (200). */
  const carrierScans = async (box: { trackerId: string }, scan: Parameters<FakeEasypost['advance']>[1]) => {
    expect((await send(api.easypost.advance(box.trackerId, scan))).status).toBe(200);
  };
  const runJob = () => applyTrackingEvents(testServices({ db: api.db, mailer, now: () => clock.now }));
  const trackerOf = (code: string) =>
    [...api.easypost.trackers.values()].find((t) => t.tracking_code === code)?.id as string;
  const noticesOf = async (cookie: string) =>
    JSON.stringify(await (await getWithCookie(api.app, '/api/notifications', cookie)).json());

  /** An active gifting campaign open to every creator (`more` overrides). */
  const giftingCampaign = (more: Parameters<typeof insertCampaign>[1] = {}) =>
    insertCampaign(api.db, { status: 'active', type: 'gifting', followersRequired: 0, ...more });
  /** A ready creator `email` who applied to the campaign and was accepted (200): the creator and the application id. */
  const acceptedOn = async (campaignId: number, email: string) => {
    const person = await api.creator({ email });
    const id = await api.apply(campaignId, person.cookie);
    await api.accept(id);
    return { ...person, id };
  };

  /** A gifting campaign (upload deadline Jun 27) and an accepted creator whose box ships on Jun 20. */
  async function shipped(trackingNumber: string) {
    n += 1;
    clock.now = new Date('2026-06-15T12:00:00Z');
    const campaign = await giftingCampaign({ name: `Tracked Campaign ${n}`, deadline: '2026-06-20' });
    const { id, ...person } = await acceptedOn(campaign.id, `track${n}@example.com`);
    clock.now = new Date('2026-06-20T12:00:00Z');
    await api.ship(id, trackingNumber);
    return { ...person, id, campaign, trackerId: trackerOf(trackingNumber) };
  }

  it('refuses a tracking number the service rejects, with its reason, and saves nothing', async () => {
    const person = await acceptedOn((await giftingCampaign()).id, 'refused@example.com');
    const { id } = person;
    api.easypost.refuse('9400BAD', 'Tracking code 9400BAD is not a valid USPS tracking number.');
    const refused = await call(`/api/admin/applications/${id}/shipment`, {
      carrier: 'USPS',
      trackingNumber: '9400BAD',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error:
        'The carrier tracking service refused this tracking number: Tracking code 9400BAD is not a valid USPS tracking number.',
      field: 'trackingNumber',
    });
    const after = await mine(person.cookie);
    expect(after).toMatchObject({ status: 'accepted', trackingNumber: null, tracking: null });
  });

  it('refuses forged and unsigned events (401) and changes nothing', async () => {
    const box = await shipped('9400100000000000000101');
    const event = api.easypost.advance(box.trackerId, {
      status: 'delivered',
      message: 'Delivered',
      at: '2026-06-22T10:00:00Z',
    });
    const body = JSON.stringify(event);
    expect((await send(event, {})).status).toBe(401);
    expect((await send(event, api.easypost.sign(body, 'not the secret'))).status).toBe(401);
    const tampered = { ...event, id: 'evt_tampered' };
    expect((await send(tampered, api.easypost.sign(body))).status).toBe(401);
    expect(await runJob()).toEqual({ applied: 0, mailed: 0 });
    expect(await mine(box.cookie)).toMatchObject({
      status: 'shipped',
      tracking: { status: 'pre_transit', deliveredAt: null, events: [] },
    });
  });

  it('shows in transit, then delivered starts the clock at the carrier time; repeats and late older events change nothing', async () => {
    const box = await shipped('9400100000000000000102');
    const moving = api.easypost.advance(box.trackerId, {
      status: 'in_transit',
      message: 'Arrived at USPS Regional Facility',
      at: '2026-06-21T08:00:00Z',
      city: 'Austin',
      state: 'TX',
    });
    const out = api.easypost.advance(box.trackerId, {
      status: 'out_for_delivery',
      message: 'Out for Delivery',
      at: '2026-06-23T07:00:00Z',
    });
    const delivered = api.easypost.advance(box.trackerId, {
      status: 'delivered',
      message: 'Delivered, In/At Mailbox',
      at: '2026-06-23T15:00:00Z',
      city: 'Austin',
      state: 'TX',
    });
    const first = await send(moving);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, repeated: false });
    await runJob();
    const inTransit = await mine(box.cookie);
    expect(inTransit.status).toBe('shipped');
    expect(inTransit.tracking).toMatchObject({ status: 'in_transit', estimatedDelivery: expect.any(String) });
    expect(inTransit.tracking?.events).toEqual([
      {
        status: 'in_transit',
        message: 'Arrived at USPS Regional Facility',
        at: '2026-06-21T08:00:00Z',
        place: 'Austin, TX, US',
      },
    ]);

    // Delivered arrives before the out-for-delivery event it follows.
    expect((await send(delivered)).status).toBe(200);
    clock.now = new Date('2026-06-24T09:00:00Z');
    expect(await runJob()).toEqual({ applied: 1, mailed: 1 });
    const arrived = await mine(box.cookie);
    expect(arrived.status).toBe('delivered');
    expect(arrived.tracking).toMatchObject({
      status: 'delivered',
      deliveredAt: '2026-06-23T15:00:00.000Z',
      deliveredBy: 'carrier',
      carrierDeliveredAt: null,
    });
    // Campaign upload deadline Jun 27; delivered Jun 23 + 7 days = Jun 30.
    expect(arrived.uploadDeadline).toBe('2026-06-30');
    expect(arrived.postingClock?.reasons).toEqual(['Moved to 7 days after your box arrived (Jun 23).']);
    const mails = () =>
      mailer.sent.filter((m) => m.to === box.email && m.subject.startsWith('Your PR box was delivered'));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.text).toContain('The carrier delivered your PR box on Jun 23, 2026.');
    expect(await noticesOf(box.cookie)).toContain(`Your PR box was delivered: ${box.campaign.name}`);

    // EasyPost retries: the same Event again is acknowledged and applied once.
    const again = await send(delivered);
    expect(await again.json()).toEqual({ received: true, repeated: true });
    // The older out-for-delivery Event comes last: the box does not go backwards.
    expect((await send(out)).status).toBe(200);
    expect(await runJob()).toEqual({ applied: 1, mailed: 0 });
    const still = await mine(box.cookie);
    expect(still).toMatchObject({
      status: 'delivered',
      tracking: { status: 'delivered', deliveredBy: 'carrier' },
    });
    expect(mails()).toHaveLength(1);
  });

  it('a box returned to sender opens a delivery problem in the carrier words and pauses the clock', async () => {
    const box = await shipped('9400100000000000000103');
    const words = 'Return to Sender: Insufficient Address';
    await carrierScans(box, {
      status: 'return_to_sender',
      message: words,
      at: '2026-06-24T10:00:00Z',
    });
    clock.now = new Date('2026-06-24T11:00:00Z');
    expect(await runJob()).toEqual({ applied: 1, mailed: 1 });
    const problems = (
      (await (await getWithCookie(api.app, '/api/admin/problems', api.admin)).json()) as {
        items: AdminProblem[];
      }
    ).items;
    expect(problems.find((p) => p.application.id === box.id)).toMatchObject({
      kind: 'not_received',
      note: `Carrier: ${words}`,
      status: 'open',
    });
    const paused = await mine(box.cookie);
    expect(paused).toMatchObject({
      status: 'shipped',
      deliveryProblem: 'not_received',
      tracking: { status: 'return_to_sender' },
    });
    expect(paused.postingClock?.paused).toBe(true);
    expect(paused.postingClock?.reasons.join(' ')).toContain('A delivery problem is open');
    expect(await noticesOf(box.cookie)).toContain(words);
  });

  it('a delivered event for a box marked by hand keeps the earlier time and notes both', async () => {
    const box = await shipped('9400100000000000000104');
    clock.now = new Date('2026-06-22T09:00:00Z');
    expect((await call(`/api/admin/applications/${box.id}/delivered`, {})).status).toBe(200);
    await carrierScans(box, {
      status: 'delivered',
      message: 'Delivered',
      at: '2026-06-23T15:00:00Z',
    });
    expect(await runJob()).toEqual({ applied: 1, mailed: 0 });
    expect(await mine(box.cookie)).toMatchObject({
      status: 'delivered',
      uploadDeadline: '2026-06-29',
      tracking: {
        status: 'delivered',
        deliveredAt: '2026-06-22T09:00:00.000Z',
        deliveredBy: 'person',
        carrierDeliveredAt: '2026-06-23T15:00:00.000Z',
      },
    });
  });
  it('the CSV import reports the numbers the service refuses and saves the others, tracked', async () => {
    const campaign = await giftingCampaign();
    const ids: number[] = [];
    for (const name of ['csv-a', 'csv-b'])
      ids.push((await acceptedOn(campaign.id, `${name}@example.com`)).id);
    api.easypost.refuse('9400CSVBAD', 'Tracking code 9400CSVBAD is not a valid USPS tracking number.');
    const csv = `application_id,carrier,tracking_number\n${ids[0]},USPS,9400CSVGOOD\n${ids[1]},USPS,9400CSVBAD\n`;
    const response = await api.app.request(`/api/admin/campaigns/${campaign.id}/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', origin: 'http://localhost:3000', cookie: api.admin },
      body: csv,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      imported: 1,
      errors: [
        {
          line: 3,
          error:
            'The carrier tracking service refused this tracking number: Tracking code 9400CSVBAD is not a valid USPS tracking number.',
        },
      ],
    });
    const counts = await (
      await getWithCookie(api.app, `/api/admin/campaigns/${campaign.id}/carrier-statuses`, api.admin)
    ).json();
    expect(counts).toMatchObject({
      counts: { pre_transit: 1 },
      summary: '1 label created',
      silent: 0,
      final: 0,
    });
  });

  it("the shipping board counts a campaign's boxes per carrier status and flags a tracker silent for 7 days", async () => {
    const box = await shipped('9400100000000000000105');
    await carrierScans(box, {
      status: 'in_transit',
      message: 'In Transit',
      at: '2026-06-21T08:00:00Z',
    });
    await runJob();
    const board = async (filter = '') =>
      (
        await getWithCookie(
          api.app,
          `/api/admin/campaigns/${box.campaign.id}/carrier-statuses${filter ? `?filter=${filter}` : ''}`,
          api.admin,
        )
      ).json();
    const row = {
      applicationId: box.id,
      carrier: 'USPS',
      trackingNumber: '9400100000000000000105',
      status: 'in_transit',
      lastEventAt: '2026-06-21T08:00:00.000Z',
      silent: false,
    };
    expect(await board()).toMatchObject({
      counts: { in_transit: 1 },
      summary: '1 in transit',
      silent: 0,
      final: 0,
      boxes: [row],
    });
    expect((await board('in_transit')).boxes).toMatchObject([row]);
    expect((await board('delivered')).boxes).toEqual([]);
    expect((await board('silent')).boxes).toEqual([]);
    clock.now = new Date('2026-06-29T09:00:00Z');
    expect(await board()).toMatchObject({ silent: 1, boxes: [{ ...row, silent: true }] });
    expect((await board('silent')).boxes).toMatchObject([{ applicationId: box.id, silent: true }]);
    const bad = await getWithCookie(
      api.app,
      `/api/admin/campaigns/${box.campaign.id}/carrier-statuses?filter=IN-TRANSIT`,
      api.admin,
    );
    expect(bad.status).toBe(400);
    expect(
      (await getWithCookie(api.app, `/api/admin/campaigns/${box.campaign.id}/carrier-statuses`, box.cookie))
        .status,
    ).toBe(403);
  });
  it('a number shipped during an outage is tried again on its own back-off (1, 2, 4 minutes), and a missed webhook is read back by the refresh job', async () => {
    const tracking = createEasypostTracking(api.env.easypost!);
    const services = () => ({ ...testServices({ db: api.db, mailer, now: () => clock.now }), tracking });
    const refresh = () => refreshTrackers(services());
    api.easypost.setDown(true);
    const box = await shipped('9400100000000000000106');
    expect(box.trackerId).toBeUndefined();
    expect(await mine(box.cookie)).toMatchObject({
      status: 'shipped',
      trackingNumber: '9400100000000000000106',
      tracking: null,
    });
    const tries = async (iso: string) => {
      clock.now = new Date(iso);
      await retryRegistrations(services());
      const [row] = await api.db
        .select({ attempts: applications.trackingAttempts, retryAt: applications.trackingRetryAt })
        .from(applications)
        .where(eq(applications.id, box.id));
      return { attempts: row!.attempts, retryAt: row!.retryAt?.toISOString() ?? null };
    };
    // Shipped at 12:00 while EasyPost is down: one try, the next a minute later, then 2 and 4 minutes apart.
    expect(await tries('2026-06-20T12:00:59Z')).toEqual({ attempts: 1, retryAt: '2026-06-20T12:01:00.000Z' });
    expect(await tries('2026-06-20T12:01:00Z')).toEqual({ attempts: 2, retryAt: '2026-06-20T12:03:00.000Z' });
    expect(await tries('2026-06-20T12:02:59Z')).toEqual({ attempts: 2, retryAt: '2026-06-20T12:03:00.000Z' });
    expect(await tries('2026-06-20T12:03:00Z')).toEqual({ attempts: 3, retryAt: '2026-06-20T12:07:00.000Z' });
    api.easypost.setDown(false);
    expect(trackerOf('9400100000000000000106')).toBeUndefined();
    expect(await tries('2026-06-20T12:07:00Z')).toEqual({ attempts: 0, retryAt: null });
    const trackerId = trackerOf('9400100000000000000106');
    expect((await mine(box.cookie)).tracking).toMatchObject({ status: 'pre_transit' });
    // Its delivered Event never reaches us; the next day's refresh reads the tracker and applies it.
    api.easypost.advance(trackerId, {
      status: 'delivered',
      message: 'Delivered',
      at: '2026-06-22T10:00:00Z',
    });
    clock.now = new Date('2026-06-23T12:00:00Z');
    // (Other tests' boxes still in transit are read again too.)
    expect((await refresh()).read).toBeGreaterThanOrEqual(1);
    expect(await mine(box.cookie)).toMatchObject({
      status: 'delivered',
      tracking: { deliveredBy: 'carrier', deliveredAt: '2026-06-22T10:00:00.000Z' },
    });
  });
  it('tells the creator a box waits at a pickup point; a burst of the same Event and two job runs at once apply it once', async () => {
    const box = await shipped('9400100000000000000107');
    const words = 'Available for Pickup at the Post Office, 500 Congress Ave';
    const pickup = api.easypost.advance(box.trackerId, {
      status: 'available_for_pickup',
      message: words,
      at: '2026-06-23T10:00:00Z',
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(pickup)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const repeated = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { repeated: boolean }).repeated),
    );
    expect(repeated.filter((r) => !r)).toHaveLength(1);
    const runs = await Promise.all([runJob(), runJob()]);
    expect(runs[0]!.applied + runs[1]!.applied).toBe(1);
    expect((await mine(box.cookie)).tracking).toMatchObject({ status: 'available_for_pickup' });
    const notices = await noticesOf(box.cookie);
    expect(notices.split(`Your PR box is ready for pickup: ${box.campaign.name}`)).toHaveLength(2);
    expect(notices).toContain(words);
    const mails = mailer.sent.filter(
      (m) => m.to === box.email && m.subject.startsWith('Your PR box is ready for pickup'),
    );
    expect(mails).toHaveLength(1);
  });
});
