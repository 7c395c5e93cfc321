import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, postJson, signInAdmin } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { type FakeEasypost, strayTrackerEvent } from '../../../tests/support/fake-easypost';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { startTrackedApp } from '../../../tests/support/tracked-app';
import { trackingWebhookEvents } from '../../db/schema/shipping';
import type { MyApplication } from '../../shared/schemas/application';
import type { createApp } from '../http/app';
import { upsertAdmin } from '../services/admin-accounts';
import { applyTrackingEvents } from '../services/tracking/tracking-events';

/**
 * Webhooks arriving together are stored by one insert (a group commit, decision 0050): each is answered only once
 * its row is committed, a repeat is answered as one and applied once, a forged one is still refused, and an Event
 * the database refuses fails alone.
 */
describe.each(TEST_DRIVERS)('a burst of EasyPost webhooks on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let fake: FakeEasypost;
  let auth: Awaited<ReturnType<typeof startTrackedApp>>['auth'];
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-15T12:00:00Z') };

  const post = (body: string, headers = fake.sign(body)) =>
    app.request('/api/webhooks/easypost', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const stored = async (ids: string[]) =>
    (
      await database.db
        .select({ id: trackingWebhookEvents.eventId })
        .from(trackingWebhookEvents)
        .where(inArray(trackingWebhookEvents.eventId, ids))
    ).map((r) => r.id);
  /** Posts the bodies all at once; each answer comes with whether its Event's row was there when it came. */
  const burst = (bodies: Array<{ id: string; body: string; headers?: Record<string, string> }>) =>
    Promise.all(
      bodies.map(async ({ id, body, headers }) => {
        const response = await post(body, headers);
        const storedWhenAnswered = (await stored([id])).length === 1;
        return {
          id,
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
          storedWhenAnswered,
        };
      }),
    );
  /** An Event about a tracker nobody ships (the job sets it aside as applied). */
  const stray = (id: string) => ({ id, body: strayTrackerEvent(id) });

  beforeAll(async () => {
    ({ fake, database, app, auth } = await startTrackedApp(driver, {
      mailer,
      now: () => clock.now,
      appNow: () => clock.now,
    }));
  });
  afterAll(async () => {
    await database?.destroy();
    await fake?.close();
  });

  it('answers every Event of a burst once it is stored, repeats as repeats, and the job applies each once', async () => {
    await upsertAdmin(database.db, auth, {
      email: 'ops@mintbox.test',
      password: 'admin password 2026!',
    });
    const admin = await signInAdmin(app, 'ops@mintbox.test', 'admin password 2026!');
    const person = await createReadyCreator(app, database.db, { email: 'burst@example.com' });
    const campaign = await insertCampaign(database.db, {
      status: 'active',
      type: 'gifting',
      deadline: '2026-06-20',
      followersRequired: 0,
    });
    const applied = await postJson(app, `/api/campaigns/${campaign.id}/applications`, {}, person.cookie);
    const id = ((await applied.json()) as { id: number }).id;
    expect((await postJson(app, `/api/admin/applications/${id}/accept`, {}, admin)).status).toBe(200);
    clock.now = new Date('2026-06-20T12:00:00Z');
    const shipment = { carrier: 'USPS', trackingNumber: '9400100000000000000901' };
    expect((await postJson(app, `/api/admin/applications/${id}/shipment`, shipment, admin)).status).toBe(200);
    const trackerId = [...fake.trackers.values()][0]!.id as string;
    const scans = (['in_transit', 'out_for_delivery', 'delivered'] as const).map((status, i) => {
      const event = fake.advance(trackerId, { status, message: status, at: `2026-06-2${1 + i}T09:00:00Z` });
      return { id: event.id as string, body: JSON.stringify(event) };
    });
    const strays = Array.from({ length: 57 }, (_, i) => stray(`evt_burst_${i}`));
    // Every tenth Event twice at once, and a forged copy of one: all in flight together.
    const all = [...strays, ...scans];
    const twice = all.filter((_, i) => i % 10 === 0);
    const forged = { id: 'evt_forged', body: stray('evt_forged').body, headers: fake.sign('{}') };
    const answers = await burst([...all, ...twice, forged]);

    expect(answers.find((a) => a.id === 'evt_forged')).toMatchObject({
      status: 401,
      storedWhenAnswered: false,
    });
    const accepted = answers.filter((a) => a.id !== 'evt_forged');
    expect(accepted.every((a) => a.status === 200 && a.storedWhenAnswered)).toBe(true);
    for (const { id } of all) {
      const repeats = accepted.filter((a) => a.id === id).map((a) => a.body.repeated);
      expect(repeats.sort()).toEqual(twice.some((t) => t.id === id) ? [false, true] : [false]);
    }
    expect((await stored(all.map((e) => e.id))).length).toBe(60);

    const later = await burst(twice);
    expect(later.every((a) => a.status === 200 && a.body.repeated === true)).toBe(true);
    const services = testServices({ db: database.db, mailer, now: () => clock.now });
    const runs = await Promise.all([applyTrackingEvents(services), applyTrackingEvents(services)]);
    expect(runs[0]!.applied + runs[1]!.applied).toBe(60);
    expect(await applyTrackingEvents(services)).toEqual({ applied: 0, mailed: 0 });
    const box = (
      (await (await getWithCookie(app, '/api/me/applications', person.cookie)).json()) as {
        items: MyApplication[];
      }
    ).items[0]!;
    expect(box).toMatchObject({ status: 'delivered', tracking: { deliveredAt: '2026-06-23T09:00:00.000Z' } });
    expect(mailer.sent.filter((m) => m.subject.startsWith('Your PR box was delivered'))).toHaveLength(1);
  });

  it('an Event the database refuses fails alone: the others of its burst are stored and answered', async () => {
    // A trigger stands for a row the database refuses (the statement carrying it fails whole).
    await database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_poisoned_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.event_id = 'evt_poison' THEN RAISE EXCEPTION 'poisoned Event'; END IF; RETURN NEW; END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER refuse_poisoned_event BEFORE INSERT ON tracking_webhook_events
        FOR EACH ROW EXECUTE FUNCTION refuse_poisoned_event()`),
    );
    try {
      const events = Array.from({ length: 40 }, (_, i) => stray(i === 20 ? 'evt_poison' : `evt_fine_${i}`));
      const answers = await burst(events);
      expect(answers.find((a) => a.id === 'evt_poison')).toMatchObject({
        status: 500,
        storedWhenAnswered: false,
      });
      const others = answers.filter((a) => a.id !== 'evt_poison');
      expect(others).toHaveLength(39);
      expect(others.every((a) => a.status === 200 && a.body.repeated === false && a.storedWhenAnswered)).toBe(
        true,
      );
    } finally {
      await database.db.execute(sql.raw('DROP TRIGGER refuse_poisoned_event ON tracking_webhook_events'));
      await database.db.execute(sql.raw('DROP FUNCTION refuse_poisoned_event()'));
    }
    // EasyPost sends it again: now it is stored, once.
    const again = await burst([stray('evt_poison')]);
    expect(again[0]).toMatchObject({ status: 200, body: { received: true, repeated: false } });
    expect(
      await database.db
        .select()
        .from(trackingWebhookEvents)
        .where(eq(trackingWebhookEvents.eventId, 'evt_poison')),
    ).toHaveLength(1);
  });
});
