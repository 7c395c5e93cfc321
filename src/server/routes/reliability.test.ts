import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { insertApplication, insertCampaign, insertCreator } from '../../../tests/support/factories';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { allReliabilityRows, rebuildReliability } from '../../db/queries/reliability';
import { campaigns } from '../../db/schema/campaigns';
import type { CreatorDetail } from '../../shared/schemas/creator-admin';
import type { Reliability } from '../../shared/schemas/reliability';
import type { AdminApplicantList } from '../../shared/schemas/shipping';
import { sweepDeadlines } from '../services/applications/deadline-sweep';

const DAY = 86_400_000;

describe.each(TEST_DRIVERS)('reliability record and the applicants list on %s', (driver) => {
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-05T12:00:00Z');
  const api = useAdminApp(driver, { mailer, now: () => clock.now, people: 'rel' });
  const { call, get, apply, submit, accept } = api;

  const person = (name: string) => api.creator({ name });
  const campaign = (type: 'paid' | 'gifting', name: string) =>
    insertCampaign(api.db, { name, type, deadline: '2026-06-12', followersRequired: 0, reward: 20 });
  const recordOf = async (cookie: string) => {
    const answer = await get<{ record: Reliability }>('/api/me/reliability', cookie);
    expect(answer.status).toBe(200);
    return answer.body.record;
  };

  it('counts a walked lifecycle: on time, late, missed, first-time approvals, problems and days to post', async () => {
    const rae = await person('Rae Walker');
    const sam = await person('Sam Punctual');
    const paidA = await campaign('paid', 'Paid A');
    const boxB = await campaign('gifting', 'Box B');
    const paidC = await campaign('paid', 'Paid C');
    const paidD = await campaign('paid', 'Paid D');
    expect(await recordOf(rae.cookie)).toMatchObject({ applications: 0, due: 0, averageDaysToPost: null });

    const a = await apply(paidA.id, rae.cookie);
    const samA = await apply(paidA.id, sam.cookie);
    const b = await apply(boxB.id, rae.cookie);
    const c = await apply(paidC.id, rae.cookie);
    const d = await apply(paidD.id, rae.cookie);
    for (const id of [a, samA, b, c]) await accept(id);
    expect((await call(`/api/admin/applications/${d}/reject`, {})).status).toBe(200);

    // A: posted before the upload deadline (Jun 19) and approved at once. Sam too.
    clock.set('2026-06-08T12:00:00Z');
    expect((await call(`/api/admin/submissions/${await submit(a, rae.cookie)}/approve`, {})).status).toBe(
      200,
    );
    await submit(samA, sam.cookie);

    // B: the box arrives Jun 9, a problem stays open 4 days, the post comes Jun 21, inside the extension: late.
    expect(
      (await call(`/api/admin/applications/${b}/shipment`, { carrier: 'UPS', trackingNumber: '1Z9' })).status,
    ).toBe(200);
    clock.set('2026-06-09T12:00:00Z');
    await call(`/api/applications/${b}/delivery`, { action: 'confirm' }, rae.cookie);
    clock.set('2026-06-15T12:00:00Z');
    expect(
      (await call(`/api/applications/${b}/delivery`, { action: 'report', problem: 'damaged' }, rae.cookie))
        .status,
    ).toBe(200);
    const problems = await get<{ items: Array<{ id: number; application: { id: number } }> }>(
      '/api/admin/problems',
    );
    const problem = problems.body.items.find((p) => p.application.id === b)!;
    clock.set('2026-06-19T12:00:00Z');
    expect((await call(`/api/admin/problems/${problem.id}/resolve`, { message: 'Sorry!' })).status).toBe(200);

    // C: nothing posted; the sweep after Jun 19 marks it missed (B's own deadline moved to Jun 23).
    clock.set('2026-06-20T00:00:01Z');
    await sweepDeadlines(testServices({ db: api.db, mailer, now: () => clock.now }));

    clock.set('2026-06-21T12:00:00Z');
    const first = await submit(b, rae.cookie);
    expect(
      (await call(`/api/admin/submissions/${first}/request-changes`, { message: 'Show the label.' })).status,
    ).toBe(200);
    clock.set('2026-06-22T12:00:00Z');
    expect((await call(`/api/admin/submissions/${await submit(b, rae.cookie)}/approve`, {})).status).toBe(
      200,
    );

    const expected = {
      applications: 4,
      accepted: 3,
      due: 3,
      onTime: 1,
      late: 1,
      missed: 1,
      firstReviewed: 2,
      firstApproved: 1,
      boxesShipped: 1,
      problemsReported: 1,
      deliveryToPostCount: 1,
      averageDaysToPost: 12,
    };
    expect(await recordOf(rae.cookie)).toEqual(expected);
    expect(await recordOf(sam.cookie)).toMatchObject({ applications: 1, onTime: 1, missed: 0, due: 1 });

    // The admin's creator page carries the same record.
    const detail = await get<CreatorDetail>(`/api/admin/influencers/${rae.creatorId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.reliability).toEqual(expected);

    // A moved deadline recounts: with the campaign's upload deadline on Jun 26, B's post was on time.
    await api.db.update(campaigns).set({ deadline: '2026-06-19' }).where(eq(campaigns.id, boxB.id));
    expect(await recordOf(rae.cookie)).toMatchObject({ onTime: 2, late: 0 });
    await api.db.update(campaigns).set({ deadline: '2026-06-12' }).where(eq(campaigns.id, boxB.id));
    expect(await recordOf(rae.cookie)).toEqual(expected);

    // The kept rows equal a computation from scratch, for every creator.
    const kept = await allReliabilityRows(api.db);
    await rebuildReliability(api.db);
    expect(await allReliabilityRows(api.db)).toEqual(kept);
  });

  it('a rolled-back write leaves the record as it was; concurrent writes for one creator all count', async () => {
    const creator = await insertCreator(api.db);
    const camps = await Promise.all(Array.from({ length: 8 }, () => insertCampaign(api.db)));
    await api.db
      .transaction(async (tx) => {
        await insertApplication(tx, { status: 'missed', campaign: camps[0], creator: creator });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    let rows = await allReliabilityRows(api.db);
    expect(rows.find((r) => r.creatorId === creator.id)?.missed ?? 0).toBe(0);

    await Promise.all(
      camps.map((camp, i) =>
        api.db.transaction((tx) =>
          insertApplication(tx, {
            status: i % 2 ? 'missed' : 'accepted',
            campaign: camp,
            creator: creator,
          }),
        ),
      ),
    );
    rows = await allReliabilityRows(api.db);
    expect(rows.find((r) => r.creatorId === creator.id)).toMatchObject({
      applications: 8,
      accepted: 8,
      missed: 4,
    });
    const kept = rows;
    await rebuildReliability(api.db);
    expect(await allReliabilityRows(api.db)).toEqual(kept);
  });

  it('pages applicants by keyset, each once, sorted and filtered by the record', async () => {
    const big = await insertCampaign(api.db, { name: 'Big Campaign' });
    const history = await insertCampaign(api.db, { name: 'History' });
    const history2 = await insertCampaign(api.db, { name: 'History 2' });
    const start = new Date('2026-05-01T12:00:00Z').getTime();
    // 45 applicants: some with posts on time before (approved long ago), some who missed one.
    for (let i = 0; i < 45; i += 1) {
      const creator = await insertCreator(api.db);
      if (i % 3 === 0) await insertApplication(api.db, { status: 'approved', campaign: history, creator });
      if (i % 5 === 0) await insertApplication(api.db, { status: 'missed', campaign: history2, creator });
      await insertApplication(api.db, {
        status: i % 4 === 0 ? 'accepted' : 'applied',
        campaign: big,
        creator,
        at: new Date(start + (i % 7) * DAY), // many share a creation time: the id breaks the tie
      });
    }
    const walk = async (query: string) => {
      const seen: AdminApplicantList['items'] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { status: number; body: AdminApplicantList } = await get<AdminApplicantList>(
          `/api/admin/campaigns/${big.id}/applications?limit=10&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        expect(page.body.items.length).toBeLessThanOrEqual(10);
        seen.push(...page.body.items);
        cursor = page.body.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      return seen;
    };

    const newest = await walk('sort=newest');
    expect(newest).toHaveLength(45);
    expect(new Set(newest.map((a) => a.id)).size).toBe(45);
    const key = (a: AdminApplicantList['items'][number]) => [Date.parse(a.createdAt), a.id] as const;
    for (let i = 1; i < newest.length; i += 1) {
      const [t0, id0] = key(newest[i - 1]!);
      const [t1, id1] = key(newest[i]!);
      expect(t0 > t1 || (t0 === t1 && id0 > id1)).toBe(true);
    }

    const onTime = await walk('sort=on_time');
    expect(new Set(onTime.map((a) => a.id)).size).toBe(45);
    expect(onTime[0]!.reliability).toMatchObject({ onTime: 1 });
    for (let i = 1; i < onTime.length; i += 1) {
      const a = onTime[i - 1]!;
      const b = onTime[i]!;
      const ordered =
        a.reliability.onTime > b.reliability.onTime ||
        (a.reliability.onTime === b.reliability.onTime &&
          (a.reliability.missed < b.reliability.missed ||
            (a.reliability.missed === b.reliability.missed && a.id > b.id)));
      expect(ordered).toBe(true);
    }

    // "Missed none": the 36 who never missed (every fifth did), in each group; the counts follow the filter.
    const clean = await walk('sort=on_time&missed=none');
    expect(clean).toHaveLength(36);
    expect(clean.every((a) => a.reliability.missed === 0)).toBe(true);
    const first = await get<AdminApplicantList>(`/api/admin/campaigns/${big.id}/applications?missed=none`);
    expect(first.body.counts).toEqual({
      all: 36,
      review: 27,
      progress: 9,
      approved: 0,
      closed: 0,
      awaitingShipment: 9,
    });
    const all = await get<AdminApplicantList>(`/api/admin/campaigns/${big.id}/applications`);
    expect(all.body.counts).toEqual({
      all: 45,
      review: 33,
      progress: 12,
      approved: 0,
      closed: 0,
      awaitingShipment: 12,
    });
    expect(all.body.items).toHaveLength(20);
    const progress = await walk('group=progress&sort=on_time');
    expect(progress).toHaveLength(12);
    expect(progress.every((a) => a.status === 'accepted')).toBe(true);

    // Bad input is a 400 with a clear message.
    const bad = await get(`/api/admin/campaigns/${big.id}/applications?cursor=1:2:3:4`);
    expect(bad).toMatchObject({ status: 400, body: { error: 'The cursor is not valid.' } });
    for (const cursor of ['9000000000000000:1', '1.5:2', '-1:2', 'abc'])
      expect((await get(`/api/admin/campaigns/${big.id}/applications?cursor=${cursor}`)).status).toBe(400);
    expect((await get(`/api/admin/campaigns/${big.id}/applications?limit=500`)).status).toBe(400);
    expect((await get('/api/admin/campaigns/999999/applications')).status).toBe(404);
  });

  it('a creator reads only their own record; the admin reads need an admin', async () => {
    const una = await person('Una Own');
    const vic = await person('Vic Other');
    const camp = await campaign('paid', 'Own Record');
    await accept(await apply(camp.id, vic.cookie));
    expect(await recordOf(una.cookie)).toMatchObject({ applications: 0, accepted: 0 });
    expect(await recordOf(vic.cookie)).toMatchObject({ applications: 1, accepted: 1 });
    expect((await get(`/api/admin/campaigns/${camp.id}/applications`, una.cookie)).status).toBe(403);
    expect((await get(`/api/admin/influencers/${vic.creatorId}`, una.cookie)).status).toBe(403);
    expect((await get('/api/me/reliability', api.admin)).status).toBe(403);
    const anonymous = await api.app.request('/api/me/reliability');
    expect(anonymous.status).toBe(401);
  });
});
