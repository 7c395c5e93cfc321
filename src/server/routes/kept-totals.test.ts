import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign, insertCreator } from '../../../tests/support/factories';
import { giveMint, giveReward } from '../../../tests/support/mint';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { allPaymentTotals, rebuildPaymentTotals } from '../../db/queries/payment-figures';
import { lockPayout } from '../../db/queries/payout-records';
import { campaigns } from '../../db/schema/campaigns';
import { creatorCounts, creators } from '../../db/schema/creators';
import { ledgerEntries, mintBalances, transactionCounts, transactions } from '../../db/schema/ledger';
import { payouts } from '../../db/schema/payouts';
import { TRANSACTION_KINDS, TRANSACTION_STATUSES } from '../../shared/payouts';
import type { PaymentsSummary, Payout } from '../../shared/schemas/payout';
import { PAYPAL_ACTOR, settleBack } from '../services/payouts/settle';

/**
 * Issue 28: the totals of the admin's transactions table (per kind and status) and of the creators and campaigns
 * lists are kept by the writes (transaction_counts, influencer_counts, campaign_counts) instead of counted on each
 * read; after writes of every kind, concurrent ones included, each total the API shows equals a count(*).
 */

const KIND_IN_DB = { reward: 'reward', payout: 'redemption', adjustment: 'adjustment' } as const;

describe.each(TEST_DRIVERS)('kept list totals on %s', (driver) => {
  let n = 0;
  const clock = { now: new Date('2026-07-20T12:00:00Z') };
  const api = useAdminApp(driver, { mailer: captureMailer(), paypal: null, now: () => clock.now });

  const get = async <T>(path: string, cookie = api.admin) => {
    const response = await getWithCookie(api.app, path, cookie);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const post = async <T = unknown>(path: string, body: unknown, cookie = api.admin, headers = {}) => {
    const response = await postJson(api.app, path, body, cookie, headers);
    return { status: response.status, body: (await response.json()) as T };
  };
  const creator = async () => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `kept${n}@example.com` });
  };
  const redeem = async (cookie: string, amount: number) => {
    const result = await post<Payout>('/api/me/payouts', { amount }, cookie, {
      'idempotency-key': randomUUID(),
    });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body;
  };

  /** Every total the API shows against a count(*) of the table, for each kind, status and pair of them. */
  const expectTotalsExact = async () => {
    const counted = async (kind?: string, status?: string) => {
      const [row] = await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(
          sql`(${kind ?? null}::text is null or ${transactions.kind} = ${kind ?? null}) and (${status ?? null}::text is null or ${transactions.status} = ${status ?? null})`,
        );
      return row!.n;
    };
    const shown = async (params: string) =>
      (await get<{ total: number }>(`/api/admin/transactions?limit=1${params}`)).total;
    expect(await shown('')).toBe(await counted());
    // The kept rows themselves (what the API reads without a search), not only the API's answer.
    const [kept] = await api.db
      .select({ n: sql<number>`coalesce(sum(${transactionCounts.total}), 0)::int` })
      .from(transactionCounts);
    expect(kept!.n).toBe(await counted());
    const [keptCreators] = await api.db
      .select({ n: sql<number>`coalesce(sum(${creatorCounts.total}), 0)::int` })
      .from(creatorCounts);
    const [creatorRows] = await api.db.select({ n: sql<number>`count(*)::int` }).from(creators);
    expect(keptCreators!.n).toBe(creatorRows!.n);
    for (const kind of TRANSACTION_KINDS) {
      expect(await shown(`&kind=${kind}`), kind).toBe(await counted(KIND_IN_DB[kind]));
      for (const status of TRANSACTION_STATUSES) {
        expect(await shown(`&kind=${kind}&status=${status}`), `${kind} ${status}`).toBe(
          await counted(KIND_IN_DB[kind], status),
        );
      }
    }
    for (const status of TRANSACTION_STATUSES) {
      expect(await shown(`&status=${status}`), status).toBe(await counted(undefined, status));
    }
    const [creatorCount] = await api.db.select({ n: sql<number>`count(*)::int` }).from(creators);
    expect((await get<{ total: number }>('/api/admin/influencers?limit=1')).total).toBe(creatorCount!.n);
    const [all, active] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaigns)
      .then(async (rows) => [
        rows[0],
        (
          await api.db
            .select({ n: sql<number>`count(*)::int` })
            .from(campaigns)
            .where(eq(campaigns.status, 'active'))
        )[0],
      ]);
    expect((await get<{ total: number }>('/api/admin/campaigns?limit=1')).total).toBe(all!.n);
    expect((await get<{ total: number }>('/api/admin/campaigns?limit=1&status=active')).total).toBe(
      active!.n,
    );
  };

  /** The /admin/payments figures against the same sums taken from scratch over payouts, the ledger and balances. */
  const expectSummaryFromScratch = async () => {
    const summary = await get<PaymentsSummary>('/api/admin/payments/summary');
    const money = (n: unknown) => Number(n ?? 0).toFixed(2);
    const monthStart = new Date(Date.UTC(clock.now.getUTCFullYear(), clock.now.getUTCMonth(), 1));
    const one = async <T>(query: ReturnType<typeof sql>) =>
      ((await api.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
    const p = await one<Record<string, string | number | null>>(sql`select
      sum(amount) filter (where status = 'completed' and completed_at >= ${monthStart.toISOString()}::timestamptz) as this_month,
      count(*) filter (where status = 'completed' and completed_at >= ${monthStart.toISOString()}::timestamptz) as this_month_count,
      sum(amount) filter (where status in ('pending', 'processing')) as pending,
      count(*) filter (where status in ('pending', 'processing')) as pending_count,
      sum(amount) filter (where status = 'completed') as completed,
      count(*) filter (where status = 'completed') as completed_count
      from payouts`);
    const l = await one<Record<string, string | null>>(sql`select
      sum(amount) filter (where kind = 'reward') as rewards,
      sum(amount) filter (where kind = 'adjustment' and amount > 0) as credits,
      -sum(amount) filter (where kind = 'adjustment' and amount < 0) as debits,
      sum(amount) filter (where kind = 'reversal') as reversals,
      sum(amount) filter (where (kind = 'reward' or (kind = 'adjustment' and amount > 0))
        and created_at >= ${monthStart.toISOString()}::timestamptz) as credited_this_month
      from ledger_entries`);
    const b = await one<Record<string, string | number | null>>(
      sql`select sum(balance) as total, count(*) filter (where balance > 0) as creators from mint_balances`,
    );
    const byStatus = (
      (await api.db.execute(
        sql`select status, count(*)::int as count, sum(amount) as amount from payouts group by status order by status`,
      )) as unknown as { rows: Array<{ status: string; count: number; amount: string }> }
    ).rows;
    expect(summary).toMatchObject({
      thisMonth: money(p.this_month),
      creditedThisMonth: money(l.credited_this_month),
      pending: money(p.pending),
      completed: money(p.completed),
      counts: {
        thisMonth: Number(p.this_month_count),
        pending: Number(p.pending_count),
        completed: Number(p.completed_count),
      },
      brandPackage: {
        credited: money(Number(l.rewards ?? 0) + Number(l.credits ?? 0)),
        breakdown: {
          rewards: money(l.rewards),
          adjustmentCredits: money(l.credits),
          adjustmentDebits: money(l.debits),
          reversals: money(l.reversals),
          balances: money(b.total),
          creatorsWithBalance: Number(b.creators),
          payouts: byStatus.map((r) => ({ status: r.status, count: r.count, amount: money(r.amount) })),
        },
      },
    });
  };

  it('equal a count(*) after rewards, adjustments, redemptions paid, failed and cancelled, and creators coming and going', async () => {
    await expectTotalsExact();
    const [ana, ben, cy] = [await creator(), await creator(), await creator()];
    const campaign = await insertCampaign(api.db, { status: 'active' });
    await giveReward(api.db, { creatorId: ana.creatorId, campaignId: campaign.id, amount: 120 });
    await giveMint(api.db, ben.creatorId, 200);
    await giveMint(api.db, cy.creatorId, 80);
    const credit = await post(`/api/admin/influencers/${cy.creatorId}/adjustments`, {
      amount: 15,
      reason: 'Goodwill',
    });
    expect(credit.status).toBe(201);
    await expectTotalsExact();

    await expectSummaryFromScratch();
    const paid = await redeem(ana.cookie, 60);
    const failed = await redeem(ben.cookie, 70);
    const cancelled = await redeem(cy.cookie, 50);
    await expectTotalsExact();
    expect((await post(`/api/me/payouts/${cancelled.id}/cancel`, {}, cy.cookie)).status).toBe(200);
    expect(
      (await post('/api/admin/payouts/process', { ids: [paid.id, failed.id], mode: 'manual' })).status,
    ).toBe(200);
    await expectTotalsExact();
    expect((await post(`/api/admin/payouts/${paid.id}/mark-paid`, { reference: 'KEPT-1' })).status).toBe(200);
    expect(
      (await post(`/api/admin/payouts/${failed.id}/mark-failed`, { reason: 'The account is closed.' }))
        .status,
    ).toBe(200);
    await expectTotalsExact();

    // Creators added in one statement and removed again; a campaign changing status.
    const extra = await Promise.all([insertCreator(api.db), insertCreator(api.db)]);
    await api.db.insert(creators).values(
      Array.from({ length: 5 }, (_, i) => ({
        username: `bulk${i}`,
        name: `Bulk ${i}`,
        email: `bulk${i}@example.com`,
      })),
    );
    await api.db.delete(creators).where(eq(creators.id, extra[0]!.id));
    await api.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, campaign.id));
    await expectTotalsExact();
    await expectSummaryFromScratch();
    // A payout paid in an earlier month leaves This Month and stays in Completed.
    clock.now = new Date('2026-08-02T10:00:00Z');
    await expectSummaryFromScratch();
  });

  it('stay exact under concurrent redemptions and credits', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => creator()));
    for (const person of people) await giveMint(api.db, person.creatorId, 100);
    await Promise.all([
      ...people.map((person) => redeem(person.cookie, 50)),
      ...people.map((person) =>
        post(`/api/admin/influencers/${person.creatorId}/adjustments`, { amount: 5, reason: 'Bonus' }),
      ),
    ]);
    await expectTotalsExact();
    await expectSummaryFromScratch();
  });

  it('keep the month buckets exact: paid in one month and returned in the next, entries dated in other months, rebuilt from scratch', async () => {
    clock.now = new Date('2026-09-10T12:00:00Z');
    const [dee, eve, fay] = [await creator(), await creator(), await creator()];
    for (const person of [dee, eve, fay]) await giveMint(api.db, person.creatorId, 300);
    const returned = await redeem(dee.cookie, 60);
    const late = await redeem(eve.cookie, 55);
    const failed = await redeem(fay.cookie, 75);
    expect(
      (await post('/api/admin/payouts/process', { ids: [returned.id, late.id, failed.id], mode: 'manual' }))
        .status,
    ).toBe(200);
    expect((await post(`/api/admin/payouts/${returned.id}/mark-paid`, { reference: 'SEPT-1' })).status).toBe(
      200,
    );
    await expectSummaryFromScratch();
    const september = await get<PaymentsSummary>('/api/admin/payments/summary');
    expect(september.counts.thisMonth).toBe(1);
    expect(september.thisMonth).toBe('60.00');

    // October: the late one is paid, the failed one fails, and the September payout comes back (PayPal returned
    // it; the same step the PayPal paths take). September's bucket loses it, as the from-scratch sum does.
    clock.now = new Date('2026-10-03T08:00:00Z');
    expect((await post(`/api/admin/payouts/${late.id}/mark-paid`, { reference: 'OCT-1' })).status).toBe(200);
    expect(
      (await post(`/api/admin/payouts/${failed.id}/mark-failed`, { reason: 'The account is closed.' }))
        .status,
    ).toBe(200);
    await api.db.transaction(async (tx) => {
      const payout = await lockPayout(tx, returned.id);
      await settleBack(
        tx,
        payout!,
        {
          status: 'returned',
          reason: 'Returned (PayPal: RETURNED)',
          paypalStatus: 'RETURNED',
          action: 'returned',
        },
        PAYPAL_ACTOR,
        clock.now,
      );
    });
    await expectSummaryFromScratch();
    expect((await get<PaymentsSummary>('/api/admin/payments/summary')).counts.thisMonth).toBe(1);
    // A clock back in September counts what was paid on or after September 1st: October's payout, not the returned one.
    clock.now = new Date('2026-09-20T00:00:00Z');
    await expectSummaryFromScratch();
    expect((await get<PaymentsSummary>('/api/admin/payments/summary')).thisMonth).toBe('55.00');

    // Writers that date their rows (the seed, the bench's generator, psql): entries on both sides of a month's first
    // instant, a payout's paid date moved by hand, an entry deleted.
    const at = (iso: string) => new Date(iso);
    const dated = await api.db
      .insert(ledgerEntries)
      .values(
        [
          { kind: 'reward', amount: 30, at: '2026-06-30T23:59:59.999Z' },
          { kind: 'reward', amount: 12, at: '2026-07-01T00:00:00.000Z' },
          { kind: 'adjustment', amount: 9, at: '2026-10-01T00:00:00.000Z' },
          { kind: 'adjustment', amount: -4, at: '2026-10-02T00:00:00.000Z' },
          { kind: 'reversal', amount: 7, at: '2026-10-02T00:00:00.000Z' },
        ].map((e, i) => ({
          creatorId: dee.creatorId,
          kind: e.kind as 'reward' | 'adjustment' | 'reversal',
          amount: e.amount,
          reference: `dated:${i}`,
          description: 'Dated by the writer',
          createdAt: at(e.at),
        })),
      )
      .returning({ id: ledgerEntries.id });
    await api.db
      .update(mintBalances)
      .set({ balance: sql`${mintBalances.balance} + 54` })
      .where(eq(mintBalances.creatorId, dee.creatorId));
    await api.db
      .update(payouts)
      .set({ completedAt: at('2026-09-30T23:59:59.999Z') })
      .where(eq(payouts.id, late.id));
    await api.db.delete(ledgerEntries).where(eq(ledgerEntries.id, dated[1]!.id));
    await api.db
      .update(mintBalances)
      .set({ balance: sql`${mintBalances.balance} - 12` })
      .where(eq(mintBalances.creatorId, dee.creatorId));
    for (const now of [
      '2026-06-15T00:00:00Z',
      '2026-07-01T00:00:00Z',
      '2026-09-30T23:59:59Z',
      '2026-10-01T00:00:00Z',
      '2026-11-01T00:00:00Z',
    ]) {
      clock.now = at(now);
      await expectSummaryFromScratch();
    }

    // The kept rows are what an exact rebuild from the rows gives.
    const kept = await allPaymentTotals(api.db);
    expect(kept.filter((f) => f.figure.startsWith('paid:')).map((f) => f.figure)).toContain('paid:2026-09');
    expect(kept.filter((f) => f.figure.startsWith('credited:')).map((f) => f.figure)).toContain(
      'credited:2026-06',
    );
    await rebuildPaymentTotals(api.db);
    expect(await allPaymentTotals(api.db)).toEqual(kept);
  });
});
