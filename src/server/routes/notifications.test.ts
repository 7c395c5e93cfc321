import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { giveMint } from '../../../tests/support/mint';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { users } from '../../db/schema/auth';
import { notifications } from '../../db/schema/notifications';
import type { NotificationList } from '../../shared/schemas/notifications';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

describe.each(TEST_DRIVERS)('notifications on %s', (driver) => {
  const adminIds: string[] = [];
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  const api = useAdminApp(driver, { mailer, now: () => clock.now, people: 'note' });

  const call = async <T = Record<string, unknown>>(
    path: string,
    body: unknown,
    cookie = api.admin,
    headers = {},
  ) => {
    const response = await postJson(api.app, path, body, cookie, headers);
    return { status: response.status, body: (await response.json()) as T & { error?: string } };
  };
  const list = async (cookie: string, query = '') => {
    const response = await getWithCookie(api.app, `/api/notifications${query}`, cookie);
    return {
      status: response.status,
      body: (await response.json()) as NotificationList & { error?: string },
    };
  };
  const userIdOf = async (email: string) =>
    (await api.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  /** The kinds of a user's notifications, oldest first, straight from the table. */
  const kindsOf = async (userId: string) =>
    (
      await api.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(notifications.id)
    ).map((r) => r.kind);

  async function creatorWithApplication() {
    const applied = await api.appliedToNewCampaign('Note', { platform: 'instagram' });
    return { ...applied, userId: await userIdOf(applied.email) };
  }

  beforeAll(async () => {
    await upsertAdmin(api.db, api.auth, { email: 'ops2@mintbox.test', password: ADMIN_PASSWORD });
    adminIds.push(await userIdOf('ops@mintbox.test'), await userIdOf('ops2@mintbox.test'));
  });

  it('signed out: 401 on both endpoints', async () => {
    expect((await list('')).status).toBe(401);
    expect((await call('/api/notifications/read', { all: true }, '')).status).toBe(401);
  });

  it('a new application tells every admin once; accepting tells the creator once, with a link', async () => {
    const before = await Promise.all(adminIds.map(kindsOf));
    const person = await creatorWithApplication();
    const after = await Promise.all(adminIds.map(kindsOf));
    for (const [i, kinds] of after.entries()) expect(kinds).toEqual([...before[i]!, 'new_application']);
    expect(await kindsOf(person.userId)).toEqual([]);

    expect((await call(`/api/admin/applications/${person.applicationId}/accept`, {})).status).toBe(200);
    const mine = await list(person.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.unreadCount).toBe(1);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({
      kind: 'application_accepted',
      title: `You're in: ${person.campaign.name}`,
      link: '/dashboard?tab=campaigns',
      readAt: null,
    });
    // The admin's own list has the application, and nothing of the creator's.
    const admins = await list(api.admin);
    expect(admins.body.items.every((i) => i.kind !== 'application_accepted')).toBe(true);
    expect(admins.body.items[0]).toMatchObject({
      kind: 'new_application',
      link: `/admin/campaigns/${person.campaign.id}`,
    });
  });

  it('a failing step rolls its notification back: a bulk decision that fails tells nobody', async () => {
    const first = await creatorWithApplication();
    const second = await creatorWithApplication();
    expect((await call(`/api/admin/applications/${second.applicationId}/reject`, {})).status).toBe(200);
    expect(await kindsOf(second.userId)).toEqual(['application_rejected']);
    const both = await call('/api/admin/applications/decisions', {
      ids: [first.applicationId, second.applicationId],
      decision: 'accept',
    });
    expect(both.status).toBe(409);
    // The first was accepted (and notified) inside the transaction before the second failed: both undone.
    expect(await kindsOf(first.userId)).toEqual([]);
    expect((await list(first.cookie)).body.unreadCount).toBe(0);
  });

  it('shipping, delivery problems, content review and resubmission each notify the right side once', async () => {
    const person = await creatorWithApplication();
    const adminBefore = await kindsOf(adminIds[1]!);
    await call(`/api/admin/applications/${person.applicationId}/accept`, {});
    await call(`/api/admin/applications/${person.applicationId}/shipment`, {
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    const report = await call(
      `/api/applications/${person.applicationId}/delivery`,
      { action: 'report', problem: 'not_received' },
      person.cookie,
    );
    expect(report.status).toBe(200);
    // Reporting again while the problem is open updates it: no second notification.
    await call(
      `/api/applications/${person.applicationId}/delivery`,
      { action: 'report', problem: 'damaged' },
      person.cookie,
    );
    const queue = await (await getWithCookie(api.app, '/api/admin/problems', api.admin)).json();
    const problemId = (queue as { items: Array<{ id: number; application: { id: number } }> }).items.find(
      (p) => p.application.id === person.applicationId,
    )!.id;
    expect(
      (await call(`/api/admin/problems/${problemId}/reply`, { message: 'Checking with UPS' })).status,
    ).toBe(200);
    expect(
      (await call(`/api/admin/problems/${problemId}/reship`, { carrier: 'USPS', trackingNumber: '9400111' }))
        .status,
    ).toBe(200);
    expect((await call(`/api/admin/applications/${person.applicationId}/delivered`, {})).status).toBe(200);
    const submitted = await call<{ id: number }>(
      `/api/applications/${person.applicationId}/submissions`,
      { urls: ['https://www.instagram.com/p/abc'] },
      person.cookie,
    );
    expect(submitted.status).toBe(201);
    await call(`/api/admin/submissions/${submitted.body.id}/request-changes`, { message: 'Tag the brand' });
    const again = await call<{ id: number }>(
      `/api/applications/${person.applicationId}/submissions`,
      { urls: ['https://www.instagram.com/p/def'] },
      person.cookie,
    );
    expect(again.status).toBe(201);
    expect((await call(`/api/admin/submissions/${again.body.id}/approve`, {})).status).toBe(200);

    expect(await kindsOf(person.userId)).toEqual([
      'application_accepted',
      'box_shipped',
      'problem_reply',
      'problem_reshipped',
      'box_delivered',
      'changes_requested',
      'content_approved',
    ]);
    expect((await kindsOf(adminIds[1]!)).slice(adminBefore.length)).toEqual([
      'new_delivery_problem',
      'content_submitted',
      'content_resubmitted',
    ]);
    const mine = await list(person.cookie);
    expect(mine.body.items[0]).toMatchObject({ kind: 'content_approved', link: '/dashboard?tab=wallet' });
    expect(mine.body.items.find((i) => i.kind === 'box_shipped')!.body).toContain('1Z999');
  });

  it('a payout request tells the admins; marking it failed tells the creator', async () => {
    const person = await creatorWithApplication();
    await giveMint(api.db, person.creatorId, 100);
    const adminBefore = await kindsOf(adminIds[0]!);
    const requested = await call<{ id: number }>('/api/me/payouts', { amount: 60 }, person.cookie, {
      'idempotency-key': `notify-key-${person.creatorId}-${driver}`,
    });
    expect(requested.status, requested.body.error).toBe(201);
    expect((await kindsOf(adminIds[0]!)).slice(adminBefore.length)).toEqual(['payout_requested']);
    expect(
      (await call(`/api/admin/payouts/${requested.body.id}/mark-failed`, { reason: 'PayPal account closed' }))
        .status,
    ).toBe(200);
    const mine = await list(person.cookie);
    expect(mine.body.items[0]).toMatchObject({ kind: 'payout_failed', link: '/dashboard?tab=wallet' });
    expect(mine.body.items[0]!.body).toContain('PayPal account closed');
  });

  it('an address override, a resolved problem, a missed deadline and a paid payout each tell the creator once', async () => {
    const person = await creatorWithApplication();
    await call(`/api/admin/applications/${person.applicationId}/accept`, {});
    const patched = await api.app.request(
      `/api/admin/applications/${person.applicationId}/shipping-address`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: api.admin },
        body: JSON.stringify({
          fullName: 'Note Person',
          addressLine1: '500 Congress Ave',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          phone: '(512) 555-0199',
        }),
      },
    );
    expect(patched.status).toBe(200);
    await call(`/api/admin/applications/${person.applicationId}/shipment`, {
      carrier: 'UPS',
      trackingNumber: '1Z2',
    });
    await call(
      `/api/applications/${person.applicationId}/delivery`,
      { action: 'report', problem: 'damaged' },
      person.cookie,
    );
    const queue = (await (await getWithCookie(api.app, '/api/admin/problems', api.admin)).json()) as {
      items: Array<{ id: number; application: { id: number } }>;
    };
    const problemId = queue.items.find((p) => p.application.id === person.applicationId)!.id;
    expect((await call(`/api/admin/problems/${problemId}/resolve`, { message: 'Refunded' })).status).toBe(
      200,
    );
    await call(`/api/admin/applications/${person.applicationId}/delivered`, {});

    // The fair deadline (campaign 2026-07-01 + 7 days) runs out: the sweep marks it missed.
    const { sweepDeadlines } = await import('../services/applications/deadline-sweep');
    const ctx = { db: api.db, mailer, appUrl: 'http://localhost:3000', logger: silentLogger() };
    await sweepDeadlines(testServices({ ...ctx, now: () => new Date('2026-08-01T00:00:00Z') }));
    await sweepDeadlines(testServices({ ...ctx, now: () => new Date('2026-08-01T00:00:00Z') }));

    await giveMint(api.db, person.creatorId, 80);
    const requested = await call<{ id: number }>('/api/me/payouts', { amount: 50 }, person.cookie, {
      'idempotency-key': `notify-paid-${person.creatorId}-${driver}`,
    });
    expect(requested.status).toBe(201);
    expect(
      (await call('/api/admin/payouts/process', { ids: [requested.body.id], mode: 'manual' })).status,
    ).toBe(200);
    expect(
      (await call(`/api/admin/payouts/${requested.body.id}/mark-paid`, { reference: 'TX-1' })).status,
    ).toBe(200);

    expect(await kindsOf(person.userId)).toEqual([
      'application_accepted',
      'shipping_address_changed',
      'box_shipped',
      'problem_resolved',
      'box_delivered',
      'deadline_missed',
      'payout_paid',
    ]);
  });

  it('suspending and lifting are told in the app; a ban is not (the creator cannot sign in)', async () => {
    const person = await creatorWithApplication();
    const act = (action: string) =>
      call(`/api/admin/influencers/${person.creatorId}/${action}`, { reason: 'Testing the rules' });
    expect((await act('suspend')).status).toBe(200);
    expect((await act('restore')).status).toBe(200);
    expect((await act('ban')).status).toBe(200);
    expect(await kindsOf(person.userId)).toEqual(['account_suspended', 'account_restored']);
  });

  it("pages newest first; marks only the caller's rows; the unread count follows", async () => {
    const a = await creatorWithApplication();
    const b = await creatorWithApplication();
    for (const person of [a, b]) {
      await call(`/api/admin/applications/${person.applicationId}/accept`, {});
      await call(`/api/admin/applications/${person.applicationId}/shipment`, {
        carrier: 'UPS',
        trackingNumber: '1Z1',
      });
      await call(`/api/admin/applications/${person.applicationId}/delivered`, {});
    }
    const first = await list(a.cookie, '?limit=2');
    expect(first.body.items.map((i) => i.kind)).toEqual(['box_delivered', 'box_shipped']);
    expect(first.body.unreadCount).toBe(3);
    const rest = await list(a.cookie, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(rest.body.items.map((i) => i.kind)).toEqual(['application_accepted']);
    expect(rest.body.nextCursor).toBeNull();

    // B tries A's ids: nothing of A's changes.
    const aIds = first.body.items.map((i) => i.id);
    const stolen = await call('/api/notifications/read', { ids: aIds }, b.cookie);
    expect(stolen.body).toEqual({ marked: 0, unreadCount: 3 });
    expect((await list(a.cookie)).body.unreadCount).toBe(3);

    const one = await call('/api/notifications/read', { ids: [aIds[0]] }, a.cookie);
    expect(one.body).toEqual({ marked: 1, unreadCount: 2 });
    const all = await call('/api/notifications/read', { all: true }, a.cookie);
    expect(all.body).toEqual({ marked: 2, unreadCount: 0 });
    const after = await list(a.cookie);
    expect(after.body.items.every((i) => i.readAt !== null)).toBe(true);
    expect((await list(b.cookie)).body.unreadCount).toBe(3);
  });

  it('bad input answers 400 with a message', async () => {
    const person = await creatorWithApplication();
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }]) {
      const answer = await call('/api/notifications/read', body, person.cookie);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBeTruthy();
    }
    expect((await list(person.cookie, '?limit=500')).status).toBe(400);
    expect((await list(person.cookie, '?cursor=abc')).status).toBe(400);
  });
});
