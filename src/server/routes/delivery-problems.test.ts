import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import type { AdminProblem, MyProblem } from '../../shared/schemas/delivery-problems';
import type { AdminApplicant } from '../../shared/schemas/shipping';

type Queue = { items: AdminProblem[]; openCount: number };

describe.each(TEST_DRIVERS)('delivery problems API on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  const api = useAdminApp(driver, { mailer, now: () => clock.now, people: 'box' });
  const { call, get } = api;

  /** A creator whose PR box was shipped. */
  async function shippedBox() {
    const box = await api.appliedToNewCampaign('Box');
    await api.accept(box.applicationId);
    await api.ship(box.applicationId);
    return box;
  }
  const report = (cookie: string, applicationId: number, problem: string, note?: string) =>
    call(`/api/applications/${applicationId}/delivery`, { action: 'report', problem, note }, cookie);

  it('a report opens one problem in the queue; the reply reaches the creator; a re-shipment closes it', async () => {
    const ana = await shippedBox();
    expect(
      (await report(ana.cookie, ana.applicationId, 'not_received', 'Nothing after 10 days')).status,
    ).toBe(200);
    // Reporting again updates the open problem instead of opening a second one.
    expect((await report(ana.cookie, ana.applicationId, 'not_received', 'Still nothing')).status).toBe(200);

    const queue = await get<Queue>('/api/admin/problems');
    expect(queue.status).toBe(200);
    const mine = queue.body.items.filter((p) => p.application.id === ana.applicationId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'not_received',
      note: 'Still nothing',
      status: 'open',
      creator: { email: ana.email },
      campaign: { id: ana.campaign.id },
    });
    expect(queue.body.openCount).toBeGreaterThanOrEqual(1);
    const problemId = mine[0]!.id;

    // The applicant card shows it too.
    const applicants = await get<{ items: AdminApplicant[] }>(
      `/api/admin/campaigns/${ana.campaign.id}/applications`,
    );
    expect(applicants.body.items[0]).toMatchObject({
      deliveryProblem: 'not_received',
      deliveryProblemNote: 'Still nothing',
    });

    const replied = await call<Queue>(`/api/admin/problems/${problemId}/reply`, {
      message: 'Sorry! We are checking with USPS.',
    });
    expect(replied.status).toBe(200);
    expect(mailer.sent.at(-1)).toMatchObject({
      to: ana.email,
      subject: `Reply about your ${ana.campaign.name} PR box`,
    });
    expect(mailer.sent.at(-1)?.text).toContain('Sorry! We are checking with USPS.');
    const seen = await get<{ items: MyProblem[] }>('/api/me/delivery-problems', ana.cookie);
    expect(seen.body.items[0]).toMatchObject({
      applicationId: ana.applicationId,
      status: 'open',
      reply: 'Sorry! We are checking with USPS.',
    });

    const before = queue.body.openCount;
    const reshipped = await call<Queue>(`/api/admin/problems/${problemId}/reship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(reshipped.status).toBe(200);
    expect(reshipped.body.openCount).toBe(before - 1);
    expect(mailer.sent.at(-1)?.subject).toBe(`A new PR box for ${ana.campaign.name} is on its way`);
    expect(mailer.sent.at(-1)?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const after = await get<{ items: AdminApplicant[] }>(
      `/api/admin/campaigns/${ana.campaign.id}/applications`,
    );
    expect(after.body.items[0]).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      deliveryProblem: null,
    });
    const closed = await get<{ items: MyProblem[] }>('/api/me/delivery-problems', ana.cookie);
    expect(closed.body.items[0]).toMatchObject({ status: 'resolved', reshippedAt: expect.any(String) });

    // A resolved problem takes no more actions.
    expect((await call(`/api/admin/problems/${problemId}/reply`, { message: 'again' })).status).toBe(409);
    // The new box arrives.
    expect(
      (await call(`/api/applications/${ana.applicationId}/delivery`, { action: 'confirm' }, ana.cookie))
        .status,
    ).toBe(200);
  });

  it('a damaged box can be resolved with a message; confirming delivery closes an open problem', async () => {
    const bo = await shippedBox();
    await call(`/api/applications/${bo.applicationId}/delivery`, { action: 'confirm' }, bo.cookie);
    expect((await report(bo.cookie, bo.applicationId, 'damaged', 'Bottle broke')).status).toBe(200);
    const problem = (await get<Queue>('/api/admin/problems')).body.items.find(
      (p) => p.application.id === bo.applicationId,
    )!;
    const resolved = await call(`/api/admin/problems/${problem.id}/resolve`, {
      message: 'Keep it, no need to post it.',
    });
    expect(resolved.status).toBe(200);
    expect(mailer.sent.at(-1)?.subject).toBe(`Your ${bo.campaign.name} delivery problem is resolved`);
    const all = await get<Queue>('/api/admin/problems?status=resolved');
    expect(all.body.items.find((p) => p.id === problem.id)).toMatchObject({
      status: 'resolved',
      resolution: 'Keep it, no need to post it.',
      resolvedBy: expect.stringContaining('ops@mintbox.test'),
    });

    const cy = await shippedBox();
    await report(cy.cookie, cy.applicationId, 'wrong_item');
    await call(`/api/applications/${cy.applicationId}/delivery`, { action: 'confirm' }, cy.cookie);
    const cyProblems = await get<{ items: MyProblem[] }>('/api/me/delivery-problems', cy.cookie);
    expect(cyProblems.body.items).toEqual([
      expect.objectContaining({ kind: 'wrong_item', status: 'resolved' }),
    ]);
  });

  it('keeps each side to its own: creators see only their problems, only admins act', async () => {
    const di = await shippedBox();
    const ed = await shippedBox();
    await report(di.cookie, di.applicationId, 'not_received');
    expect((await get<{ items: MyProblem[] }>('/api/me/delivery-problems', ed.cookie)).body.items).toEqual(
      [],
    );
    expect((await get('/api/admin/problems', di.cookie)).status).toBe(403);
    const problem = (await get<Queue>('/api/admin/problems')).body.items.find(
      (p) => p.application.id === di.applicationId,
    )!;
    expect((await call(`/api/admin/problems/${problem.id}/resolve`, {}, di.cookie)).status).toBe(403);
    expect((await call(`/api/admin/problems/${problem.id}/reply`, { message: ' ' })).status).toBe(400);
    expect((await call('/api/admin/problems/999999/resolve', {})).status).toBe(404);
    expect((await get('/api/admin/problems?status=maybe')).status).toBe(400);
  });
});
