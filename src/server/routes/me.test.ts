import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertApplication, insertCampaign } from '../../../tests/support/factories';
import { giveMint } from '../../../tests/support/mint';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { creators } from '../../db/schema/creators';
import type { ActivityItem } from '../../shared/schemas/me';

const ALL_ON = {
  application_decisions: true,
  shipping_delivery: true,
  content_reviews: true,
  deadline_reminders: true,
  messages: true,
};

describe.each(TEST_DRIVERS)('mail preferences and recent activity on %s', (driver) => {
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-10T12:00:00Z');
  let n = 0;
  const api = useAdminApp(driver, { mailer, paypal: null, now: () => clock.now });
  const { call } = api;

  const creator = () => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `me${n}@example.com`, name: `Me Person${n}` });
  };
  const put = async (path: string, body: unknown, cookie: string) => {
    const response = await api.app.request(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const get = async <T>(path: string, cookie: string) => {
    const response = await getWithCookie(api.app, path, cookie);
    return { status: response.status, body: (await response.json()) as T };
  };
  const mailsTo = (to: string) => mailer.sent.filter((m) => m.to === to).map((m) => m.subject);
  const newCampaign = (name: string) =>
    insertCampaign(api.db, {
      name,
      status: 'active',
      type: 'gifting',
      platform: 'instagram',
      deadline: '2026-07-01',
      followersRequired: 0,
    });

  it('every category is on at first; a creator saves their choice; bad input is a 400; admins and guests are refused', async () => {
    const ana = await creator();
    expect(await get('/api/me/mail-preferences', ana.cookie)).toEqual({ status: 200, body: ALL_ON });

    const saved = await put(
      '/api/me/mail-preferences',
      { ...ALL_ON, shipping_delivery: false, deadline_reminders: false },
      ana.cookie,
    );
    expect(saved).toEqual({
      status: 200,
      body: { ...ALL_ON, shipping_delivery: false, deadline_reminders: false },
    });
    expect((await get('/api/me/mail-preferences', ana.cookie)).body).toEqual(saved.body);

    const missing = await put('/api/me/mail-preferences', { content_reviews: false }, ana.cookie);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/application_decisions must be true or false/);
    const wrongType = await put('/api/me/mail-preferences', { ...ALL_ON, content_reviews: 'no' }, ana.cookie);
    expect(wrongType.status).toBe(400);

    expect((await get('/api/me/mail-preferences', '')).status).toBe(401);
    expect((await get('/api/me/mail-preferences', api.admin)).status).toBe(403);
    expect((await get('/api/me/activity', '')).status).toBe(401);
  });

  it('a switched-off category sends no mail; the others, and account mails, still go', async () => {
    const bo = await creator();
    await put('/api/me/mail-preferences', { ...ALL_ON, application_decisions: false }, bo.cookie);
    const campaign = await newCampaign('Quiet Launch');
    const applied = await call<{ id: number }>(`/api/campaigns/${campaign.id}/applications`, {}, bo.cookie);
    expect((await call(`/api/admin/applications/${applied.body.id}/accept`, {})).status).toBe(200);
    // Accepted, but the creator switched decisions off: no "You're in" mail.
    expect(mailsTo(bo.email)).toEqual([]);

    expect(
      (
        await call(`/api/admin/applications/${applied.body.id}/shipment`, {
          carrier: 'UPS',
          trackingNumber: '1Z999',
        })
      ).status,
    ).toBe(200);
    expect(mailsTo(bo.email)).toEqual(['Your PR box for Quiet Launch has shipped']);

    // Shipping switched off too: a reply about a delivery problem is not mailed.
    await put(
      '/api/me/mail-preferences',
      { ...ALL_ON, application_decisions: false, shipping_delivery: false },
      bo.cookie,
    );
    await call(
      `/api/applications/${applied.body.id}/delivery`,
      { action: 'report', problem: 'not_received' },
      bo.cookie,
    );
    const problems = await get<{ items: Array<{ id: number; application: { id: number } }> }>(
      '/api/admin/problems',
      api.admin,
    );
    const problem = problems.body.items.find((p) => p.application.id === applied.body.id)!;
    expect((await call(`/api/admin/problems/${problem.id}/reply`, { message: 'On it' })).status).toBe(200);
    expect(mailsTo(bo.email)).toHaveLength(1);

    // Moderation is an account mail: always sent, whatever the preferences.
    expect(
      (await call(`/api/admin/influencers/${bo.creatorId}/suspend`, { reason: 'Test of account mail' }))
        .status,
    ).toBe(200);
    expect(mailsTo(bo.email).at(-1)).toBe('Your Mintbox account is suspended');
  });

  it('Recent Activity lists every step from the records, newest first, only the creator’s own', async () => {
    const cy = await creator();
    const other = await creator();
    const campaign = await newCampaign('Activity Serum');
    const declined = await newCampaign('Activity Declined');
    const step = () => clock.advance(60 * 60 * 1000);

    const id = await api.apply(campaign.id, cy.cookie);
    step();
    const second = await api.apply(declined.id, cy.cookie);
    await api.apply(declined.id, other.cookie);
    step();
    await call(`/api/admin/applications/${second}/reject`, {});
    step();
    await api.accept(id);
    step();
    await call(`/api/admin/applications/${id}/shipment`, { carrier: 'UPS', trackingNumber: '1Z1' });
    step();
    await call(`/api/applications/${id}/delivery`, { action: 'confirm' }, cy.cookie);
    step();
    const first = await api.submit(id, cy.cookie, 'https://www.instagram.com/p/one');
    step();
    await call(`/api/admin/submissions/${first}/request-changes`, { message: 'Show the label' });
    step();
    const again = await api.submit(id, cy.cookie, 'https://www.instagram.com/p/two');
    step();
    expect((await call(`/api/admin/submissions/${again}/approve`, {})).status).toBe(200);

    const activity = await get<{ items: ActivityItem[] }>('/api/me/activity', cy.cookie);
    expect(activity.status).toBe(200);
    const steps = activity.body.items
      .filter((i) => i.campaign !== null && i.kind !== 'mint_credited')
      .map((i) => [i.kind, i.campaign?.name]);
    expect(steps).toEqual([
      ['approved', 'Activity Serum'],
      ['resubmitted', 'Activity Serum'],
      ['changes_requested', 'Activity Serum'],
      ['submitted', 'Activity Serum'],
      ['delivered', 'Activity Serum'],
      ['shipped', 'Activity Serum'],
      ['accepted', 'Activity Serum'],
      ['rejected', 'Activity Declined'],
      ['applied', 'Activity Declined'],
      ['applied', 'Activity Serum'],
    ]);
    const times = activity.body.items.map((i) => i.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(activity.body.items.find((i) => i.kind === 'accepted')?.at).toBe(
      new Date(new Date('2026-06-10T12:00:00Z').getTime() + 3 * 3600_000).toISOString(),
    );

    // The other creator sees only their own application.
    const theirs = await get<{ items: ActivityItem[] }>('/api/me/activity', other.cookie);
    expect(theirs.body.items.map((i) => i.kind)).toEqual(['applied']);
  });

  it('an admin switches their own digest off and on; creators cannot', async () => {
    expect(await get('/api/admin/me/digest', api.admin)).toEqual({
      status: 200,
      // No SMTP_URL in the tests: the answer says so, and the page says what to set (issue 41).
      body: { enabled: true, intervalMinutes: 0, mailServer: false },
    });
    expect(await put('/api/admin/me/digest', { enabled: false }, api.admin)).toEqual({
      status: 200,
      body: { enabled: false, intervalMinutes: 0, mailServer: false },
    });
    expect((await get<{ enabled: boolean }>('/api/admin/me/digest', api.admin)).body.enabled).toBe(false);
    expect((await put('/api/admin/me/digest', { enabled: 'yes' }, api.admin)).status).toBe(400);
    expect((await put('/api/admin/me/digest', { enabled: true }, api.admin)).body.enabled).toBe(true);
    const ed = await creator();
    expect((await get('/api/admin/me/digest', ed.cookie)).status).toBe(403);
  });

  it('a withdrawn application and a missed deadline are in the activity, at the time they happened', async () => {
    const fay = await creator();
    const campaign = await newCampaign('Changed My Mind');
    const applied = await call<{ id: number }>(`/api/campaigns/${campaign.id}/applications`, {}, fay.cookie);
    clock.advance(30 * 60_000);
    expect((await call(`/api/applications/${applied.body.id}/withdraw`, {}, fay.cookie)).status).toBe(200);
    const [creatorRow] = await api.db.select().from(creators).where(eq(creators.id, fay.creatorId));
    await insertApplication(api.db, {
      status: 'missed',
      creator: creatorRow!,
      at: new Date('2026-06-01T09:00:00Z'),
    });
    const items = (await get<{ items: ActivityItem[] }>('/api/me/activity', fay.cookie)).body.items;
    expect(items.find((i) => i.kind === 'withdrawn')).toMatchObject({
      at: '2026-06-10T12:30:00.000Z',
      campaign: { id: campaign.id, name: 'Changed My Mind' },
    });
    expect(items.find((i) => i.kind === 'missed')?.at).toBe('2026-06-01T09:00:00.000Z');
  });

  it('payouts requested, cancelled and paid are in the activity; a new creator has none', async () => {
    const di = await creator();
    expect((await get<{ items: ActivityItem[] }>('/api/me/activity', di.cookie)).body.items).toEqual([]);
    await giveMint(api.db, di.creatorId, 120);
    const redeem = async (amount: number, key: string) => {
      const response = await postJson(api.app, '/api/me/payouts', { amount }, di.cookie, {
        'idempotency-key': `${key}-${driver}-activity`,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const first = await redeem(50, 'first');
    expect((await postJson(api.app, `/api/me/payouts/${first}/cancel`, {}, di.cookie)).status).toBe(200);
    const second = await redeem(60, 'second');
    await call('/api/admin/payouts/process', { ids: [second], mode: 'manual' });
    expect((await call(`/api/admin/payouts/${second}/mark-paid`, { reference: 'PP-77' })).status).toBe(200);

    const kinds = (await get<{ items: ActivityItem[] }>('/api/me/activity', di.cookie)).body.items.map(
      (i) => [i.kind, i.amount],
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['payout_requested', 50],
        ['payout_cancelled', 50],
        ['payout_requested', 60],
        ['payout_paid', 60],
        ['mint_credited', 120],
      ]),
    );
    expect(kinds).toHaveLength(5);
  });
});
