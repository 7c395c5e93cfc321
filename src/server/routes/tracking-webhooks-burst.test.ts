import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getWithCookie } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { insertCampaign } from '../../../tests/support/factories';
import { strayTrackerEvent } from '../../../tests/support/fake-easypost';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { useTrackedApp } from '../../../tests/support/tracked-app';
import { trackingWebhookEvents } from '../../db/schema/shipping';
import type { MyApplication } from '../../shared/schemas/application';
import { applyTrackingEvents } from '../services/tracking/tracking-events';

/**
 * Webhooks arriving together are stored by one insert (a group commit, decision 0050): each is answered only once
 * its row is committed, a repeat is answered as one and applied once, a forged one is still refused, and an Event
 * the database refuses fails alone.
 */
describe.each(TEST_DRIVERS)('a burst of EasyPost webhooks on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-15T12:00:00Z') };
  const api = useTrackedApp(driver, { mailer, now: () => clock.now });

  const post = (body: string, headers = api.easypost.sign(body)) =>
    api.app.request('/api/webhooks/easypost', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const stored = async (ids: string[]) =>
    (
      await api.db
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

  it('answers every Event of a burst once it is stored, repeats as repeats, and the job applies each once', async () => {
    const person = await api.creator({ email: 'burst@example.com' });
    const campaign = await insertCampaign(api.db, {
      status: 'active',
      type: 'gifting',
      deadline: '2026-06-20',
      followersRequired: 0,
    });
    const id = await api.apply(campaign.id, person.cookie);
    await api.accept(id);
    clock.now = new Date('2026-06-20T12:00:00Z');
    await api.ship(id, '9400100000000000000901');
    const trackerId = [...api.easypost.trackers.values()][0]!.id as string;
    const scans = (['in_transit', 'out_for_delivery', 'delivered'] as const).map((status, i) => {
      const event = api.easypost.advance(trackerId, {
        status,
        message: status,
        at: `2026-06-2${1 + i}T09:00:00Z`,
      });
      return { id: event.id as string, body: JSON.stringify(event) };
    });
    const strays = Array.from({ length: 57 }, (_, i) => stray(`evt_burst_${i}`));
    // Every tenth Event twice at once, and a forged copy of one: all in flight together.
    const all = [...strays, ...scans];
    const twice = all.filter((_, i) => i % 10 === 0);
    const forged = { id: 'evt_forged', body: stray('evt_forged').body, headers: api.easypost.sign('{}') };
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
    const services = testServices({ db: api.db, mailer, now: () => clock.now });
    const runs = await Promise.all([applyTrackingEvents(services), applyTrackingEvents(services)]);
    expect(runs[0]!.applied + runs[1]!.applied).toBe(60);
    expect(await applyTrackingEvents(services)).toEqual({ applied: 0, mailed: 0 });
    const box = (
      (await (await getWithCookie(api.app, '/api/me/applications', person.cookie)).json()) as {
        items: MyApplication[];
      }
    ).items[0]!;
    expect(box).toMatchObject({ status: 'delivered', tracking: { deliveredAt: '2026-06-23T09:00:00.000Z' } });
    expect(mailer.sent.filter((m) => m.subject.startsWith('Your PR box was delivered'))).toHaveLength(1);
  });

  it('an Event the database refuses fails alone: the others of its burst are stored and answered', async () => {
    // A trigger stands for a row the database refuses (the statement carrying it fails whole).
    await api.db.execute(
      sql.raw(`CREATE FUNCTION refuse_poisoned_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.event_id = 'evt_poison' THEN RAISE EXCEPTION 'poisoned Event'; END IF; RETURN NEW; END $$`),
    );
    await api.db.execute(
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
      await api.db.execute(sql.raw('DROP TRIGGER refuse_poisoned_event ON tracking_webhook_events'));
      await api.db.execute(sql.raw('DROP FUNCTION refuse_poisoned_event()'));
    }
    // EasyPost sends it again: now it is stored, once.
    const again = await burst([stray('evt_poison')]);
    expect(again[0]).toMatchObject({ status: 200, body: { received: true, repeated: false } });
    expect(
      await api.db
        .select()
        .from(trackingWebhookEvents)
        .where(eq(trackingWebhookEvents.eventId, 'evt_poison')),
    ).toHaveLength(1);
  });
});
