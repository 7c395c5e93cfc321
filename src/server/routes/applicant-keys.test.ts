import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { insertApplication, insertCampaign, insertCreator } from '../../../tests/support/factories';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { applications } from '../../db/schema/applications';
import { campaigns } from '../../db/schema/campaigns';
import { creators } from '../../db/schema/creators';
import { CLOSED_STATUSES, IN_PROGRESS_STATUSES, TO_REVIEW_STATUSES } from '../../shared/lifecycle/statuses';
import type { AdminApplicantList } from '../../shared/schemas/shipping';
import { sweepDeadlines } from '../services/applications/deadline-sweep';

/**
 * The applicants page reads kept figures (issue 28, migration 0038): each application's sort keys (`applicant_keys`)
 * and the group counts per campaign (`applicant_counts`). After writes of every kind, through the API and straight to
 * the tables, both equal what a count from scratch gives, and so do the counts and the order the admin is shown.
 */

type Rows = { rows: Array<Record<string, unknown>> };

describe.each(TEST_DRIVERS)('the applicants page’s kept keys and counts on %s', (driver) => {
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-05T12:00:00Z');
  const api = useAdminApp(driver, { mailer, now: () => clock.now, people: 'keys' });
  const { call, get, apply, submit } = api;

  const person = (name: string) => api.creator({ name });
  const ok = async (path: string, body: unknown = {}, cookie = api.admin) =>
    expect((await call(path, body, cookie)).status).toBe(200);
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await api.db.execute(query)) as unknown as Rows).rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    );

  /** The kept keys and counts against the same figures counted from the applications and the records. */
  const expectKeptEqualsScratch = async () => {
    const kept = await rows(sql`
      select application_id as id, campaign_id, status, created_at, on_time, missed
      from applicant_keys order by application_id`);
    const scratch = await rows(sql`
      select a.id, a.campaign_id, a.status, a.created_at, coalesce(r.on_time, 0) as on_time,
        coalesce(r.missed, 0) as missed
      from applications a left join creator_reliability r on r.influencer_id = a.influencer_id order by a.id`);
    expect(kept).toEqual(scratch);
    const keptCounts = await rows(sql`
      select campaign_id, status, clean, sum(total)::int as n from applicant_counts
      group by campaign_id, status, clean having sum(total) <> 0 order by 1, 2, 3`);
    const scratchCounts = await rows(sql`
      select a.campaign_id, a.status, coalesce(r.missed, 0) = 0 as clean, count(*)::int as n
      from applications a left join creator_reliability r on r.influencer_id = a.influencer_id
      group by 1, 2, 3 order by 1, 2, 3`);
    expect(keptCounts).toEqual(scratchCounts);
    return scratch.length;
  };

  const listOf = (statuses: readonly string[]) =>
    sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    );

  /** The counts the admin is shown for a campaign, against a count from scratch of its applicants. */
  const expectShownCounts = async (campaignId: number) => {
    for (const missedNone of [false, true]) {
      const shown = await get<AdminApplicantList>(
        `/api/admin/campaigns/${campaignId}/applications${missedNone ? '?missed=none' : ''}`,
      );
      expect(shown.status).toBe(200);
      const [counted] = await rows(sql`
        select count(*)::int as all,
          count(*) filter (where a.status in (${listOf(TO_REVIEW_STATUSES)}))::int as review,
          count(*) filter (where a.status in (${listOf(IN_PROGRESS_STATUSES)}))::int as progress,
          count(*) filter (where a.status = 'approved')::int as approved,
          count(*) filter (where a.status in (${listOf(CLOSED_STATUSES)}))::int as closed,
          count(*) filter (where a.status = 'accepted')::int as "awaitingShipment"
        from applications a left join creator_reliability r on r.influencer_id = a.influencer_id
        where a.campaign_id = ${campaignId} and (${!missedNone} or coalesce(r.missed, 0) = 0)`);
      expect(shown.body.counts).toEqual(counted);
    }
  };

  /** Every applicant of the campaign on time first, page by page, against the order counted from scratch. */
  const expectOnTimeOrder = async (campaignId: number) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: AdminApplicantList } = await get<AdminApplicantList>(
        `/api/admin/campaigns/${campaignId}/applications?sort=on_time&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((a) => a.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    const scratch = await rows(sql`
      select a.id from applications a left join creator_reliability r on r.influencer_id = a.influencer_id
      where a.campaign_id = ${campaignId}
      order by coalesce(r.on_time, 0) desc, coalesce(r.missed, 0), a.id desc`);
    expect(seen).toEqual(scratch.map((r) => r.id));
  };

  it('equal a count from scratch after applying, deciding, withdrawing, posting, the sweep and a moved deadline', async () => {
    const [ana, ben, cal, dee] = await Promise.all(
      ['Ana Keys', 'Ben Keys', 'Cal Keys', 'Dee Keys'].map((name) => person(name)),
    );
    const big = await insertCampaign(api.db, {
      name: 'Keys Big',
      type: 'paid',
      deadline: '2026-06-12',
      followersRequired: 0,
    });
    const other = await insertCampaign(api.db, {
      name: 'Keys Other',
      type: 'paid',
      deadline: '2026-06-12',
      followersRequired: 0,
    });
    const a = await apply(big.id, ana!.cookie);
    const b = await apply(big.id, ben!.cookie);
    const c = await apply(big.id, cal!.cookie);
    const d = await apply(big.id, dee!.cookie);
    const anaOther = await apply(other.id, ana!.cookie);
    expect(await expectKeptEqualsScratch()).toBe(5);
    await expectShownCounts(big.id);

    await ok(`/api/admin/applications/${a}/accept`);
    await ok(`/api/admin/applications/${b}/accept`);
    await ok(`/api/admin/applications/${anaOther}/accept`);
    await ok(`/api/admin/applications/${c}/reject`);
    await ok(`/api/applications/${d}/withdraw`, {}, dee!.cookie);
    await expectKeptEqualsScratch();
    await expectShownCounts(big.id);

    // Ben posts on time and is approved: he moves up the on-time order.
    clock.set('2026-06-08T12:00:00Z');
    await ok(`/api/admin/submissions/${await submit(b, ben!.cookie)}/approve`);
    await expectKeptEqualsScratch();
    await expectOnTimeOrder(big.id);

    // Ana posts nothing for Keys Other: the sweep marks it missed, and her Keys Big application leaves "Missed none".
    const before = await get<AdminApplicantList>(`/api/admin/campaigns/${big.id}/applications?missed=none`);
    clock.set('2026-06-20T00:00:01Z');
    await sweepDeadlines(testServices({ db: api.db, mailer, now: () => clock.now }));
    const after = await get<AdminApplicantList>(`/api/admin/campaigns/${big.id}/applications?missed=none`);
    expect(after.body.counts.all).toBe(before.body.counts.all - 1);
    expect(after.body.items.map((i) => i.id)).not.toContain(a);
    await expectKeptEqualsScratch();
    await expectShownCounts(big.id);
    await expectShownCounts(other.id);
    await expectOnTimeOrder(big.id);

    // A moved deadline recounts who was on time.
    await api.db.update(campaigns).set({ deadline: '2026-06-01' }).where(eq(campaigns.id, big.id));
    await expectKeptEqualsScratch();
    await expectOnTimeOrder(big.id);
  });

  it('equal a count from scratch after writes straight to the tables, a rollback, concurrent applies and a truncate', async () => {
    const camp = await insertCampaign(api.db, { name: 'Keys Direct' });
    const second = await insertCampaign(api.db, { name: 'Keys Second' });
    const made: Awaited<ReturnType<typeof insertApplication>>[] = [];
    for (const status of ['applied', 'accepted', 'approved', 'missed', 'content_submitted'] as const)
      made.push(await insertApplication(api.db, { status, campaign: camp }));
    await expectKeptEqualsScratch();
    await expectShownCounts(camp.id);

    // A rolled-back insert counts nothing.
    await api.db
      .transaction(async (tx) => {
        await insertApplication(tx, { status: 'missed', campaign: camp, creator: made[0]!.creator });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expectKeptEqualsScratch();

    // Eight creators apply at once (their own connections on PostgreSQL).
    const applicants = await Promise.all(Array.from({ length: 8 }, () => insertCreator(api.db)));
    await Promise.all(
      applicants.map((creator, i) =>
        api.db.transaction((tx) =>
          insertApplication(tx, { status: i % 2 ? 'missed' : 'applied', campaign: camp, creator }),
        ),
      ),
    );
    await expectKeptEqualsScratch();
    await expectShownCounts(camp.id);

    // An owner, a campaign and a creation time changed, a status set by hand, several rows in one statement.
    const [one, two, three] = made;
    await api.db
      .update(applications)
      .set({ creatorId: applicants[1]!.id, campaignId: second.id })
      .where(eq(applications.id, one!.application.id));
    await expectKeptEqualsScratch();
    await api.db
      .update(applications)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(applications.id, two!.application.id));
    await expectKeptEqualsScratch();
    await api.db.update(applications).set({ status: 'rejected' }).where(eq(applications.campaignId, camp.id));
    await expectKeptEqualsScratch();
    await expectShownCounts(camp.id);
    await expectShownCounts(second.id);
    await expectOnTimeOrder(camp.id);

    // An application deleted, a creator deleted (their applications go with them).
    await api.db.delete(applications).where(eq(applications.id, three!.application.id));
    await api.db.delete(creators).where(eq(creators.id, applicants[3]!.id));
    await expectKeptEqualsScratch();
    await expectShownCounts(camp.id);

    // A truncate takes the keys and the counts with it.
    await api.db.execute(sql`truncate campaigns cascade`);
    expect(await expectKeptEqualsScratch()).toBe(0);
    expect(await rows(sql`select * from applicant_counts`)).toEqual([]);
  });
});
