import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, postJson, signInAdmin } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import type { AdminProblem, MyProblem } from '../../shared/schemas/delivery-problems';
import type { AdminApplicant } from '../../shared/schemas/shipping';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

const ADMIN_PASSWORD = 'admin password 2026!';
type Queue = { items: AdminProblem[]; openCount: number };

describe.each(TEST_DRIVERS)('delivery problems API on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  let n = 0;

  const call = async <T = Record<string, unknown>>(path: string, body: unknown, cookie = admin) => {
    const response = await postJson(app, path, body, cookie);
    return { status: response.status, body: (await response.json()) as T & { error?: string } };
  };
  const get = async <T>(path: string, cookie = admin) => {
    const response = await getWithCookie(app, path, cookie);
    return { status: response.status, body: (await response.json()) as T & { error?: string } };
  };

  /** A creator whose PR box was shipped. */
  async function shippedBox() {
    n += 1;
    const person = await createReadyCreator(app, database.db, {
      email: `box${n}@example.com`,
      name: `Box Person${n}`,
    });
    const campaign = await insertCampaign(database.db, {
      name: `Box Campaign ${n}`,
      status: 'active',
      type: 'gifting',
      deadline: '2026-07-01',
      followersRequired: 0,
    });
    const applied = await call<{ id: number }>(
      `/api/campaigns/${campaign.id}/applications`,
      {},
      person.cookie,
    );
    const applicationId = applied.body.id;
    expect((await call(`/api/admin/applications/${applicationId}/accept`, {})).status).toBe(200);
    expect(
      (
        await call(`/api/admin/applications/${applicationId}/shipment`, {
          carrier: 'USPS',
          trackingNumber: '9400100',
        })
      ).status,
    ).toBe(200);
    return { ...person, campaign, applicationId };
  }
  const report = (cookie: string, applicationId: number, problem: string, note?: string) =>
    call(`/api/applications/${applicationId}/delivery`, { action: 'report', problem, note }, cookie);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true' });
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth, mailer, now: () => clock.now });
    await upsertAdmin(database.db, auth, { email: 'ops@mintbox.test', password: ADMIN_PASSWORD });
    admin = await signInAdmin(app, 'ops@mintbox.test', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await database?.destroy();
  });

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
