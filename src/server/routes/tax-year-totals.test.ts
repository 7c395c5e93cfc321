import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, nextClientIp, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { csvLines } from '../../../tests/support/csv';
import { giveMint } from '../../../tests/support/mint';
import { w9Form } from '../../../tests/support/tax-forms';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { allTaxYearTotals, rebuildTaxYearTotals, taxYearCreatorCounts } from '../../db/queries/tax';
import { payouts } from '../../db/schema/payouts';
import type { Payout } from '../../shared/schemas/payout';
import type { TaxYearReport, TaxYearRow } from '../../shared/schemas/tax';

/**
 * Issue 28: the admins' tax year reads the kept `tax_year_totals` (triggers on payouts) a page at a time. The kept
 * rows must equal a rebuild from the payouts after every kind of payout change made through the real routes, and
 * the pages must walk every line once, in the report's order.
 */

const w9 = (tin: string) => w9Form({ legalName: 'Kept Totals', tin });

describe.each(TEST_DRIVERS)('the kept tax year on %s', (driver) => {
  let n = 0;
  const clock = { now: new Date('2025-12-30T12:00:00Z') };
  const api = useAdminApp(driver, { mailer: captureMailer(), paypal: null, now: () => clock.now });

  const creator = async () => {
    n += 1;
    return createReadyCreator(api.app, api.db, {
      email: `kept-tax${n}-${driver}@example.com`,
      name: `Kept Tax ${n}`,
    });
  };
  const post = async (path: string, body: unknown, cookie = api.admin, headers = {}) => {
    const response = await postJson(api.app, path, body, cookie, headers);
    return { status: response.status, body: (await response.json()) as Payout & { error?: string } };
  };
  const redeem = async (cookie: string, amount: number) => {
    const result = await post('/api/me/payouts', { amount }, cookie, { 'idempotency-key': randomUUID() });
    expect(result.body.error ?? result.status).toBe(201);
    return result.body;
  };
  const fileW9 = async (cookie: string, tin: string) =>
    expect((await api.send('PUT', '/api/me/tax-form', w9(tin), cookie)).status).toBe(200);
  const processManually = async (ids: number[]) =>
    expect((await post('/api/admin/payouts/process', { ids, mode: 'manual' })).status).toBe(200);
  const markPaid = async (id: number) =>
    expect((await post(`/api/admin/payouts/${id}/mark-paid`, { reference: `REF-${id}` })).status).toBe(200);
  const report = async (query: string) => {
    const response = await getWithCookie(api.app, `/api/admin/tax-year?${query}`, api.admin);
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as TaxYearReport & { error?: string } };
  };
  const line = async (year: number, creatorId: number): Promise<TaxYearRow | undefined> =>
    (await report(`year=${year}&limit=100`)).body.items.find((i) => i.creator.id === creatorId);

  /**
   * The kept rows are what a rebuild from the payouts gives (the rebuild replaces them; they must not change), and
   * the kept creators count of each year is the number of its rows.
   */
  const expectKeptEqualsRebuild = async () => {
    const kept = await allTaxYearTotals(api.db);
    const perYear = new Map<number, number>();
    for (const row of kept) perYear.set(row.year, (perYear.get(row.year) ?? 0) + 1);
    expect(await taxYearCreatorCounts(api.db)).toEqual(
      [...perYear].map(([year, creators]) => ({ year, creators })),
    );
    await rebuildTaxYearTotals(api.db);
    expect(await allTaxYearTotals(api.db)).toEqual(kept);
    return kept;
  };

  it('keeps paid and held per year through request, hold, release, paid, failed and cancelled', async () => {
    clock.now = new Date('2025-12-30T12:00:00Z');
    const ana = await creator();
    const bo = await creator();
    await giveMint(api.db, ana.creatorId, 2000);
    await giveMint(api.db, bo.creatorId, 2000);
    expect(await expectKeptEqualsRebuild()).toEqual([]);

    // Requested in 2025: a pending payout counts nowhere; the one that reaches $600 is held, in 2025.
    const under = await redeem(ana.cookie, 599);
    const over = await redeem(ana.cookie, 50);
    expect(over.heldForTaxForm).toBe(true);
    const cancelled = await redeem(bo.cookie, 700);
    expect(cancelled.heldForTaxForm).toBe(true);
    expect(await expectKeptEqualsRebuild()).toEqual([
      { year: 2025, creatorId: ana.creatorId, paid: '0.00', held: 1 },
      { year: 2025, creatorId: bo.creatorId, paid: '0.00', held: 1 },
    ]);
    expect(await line(2025, ana.creatorId)).toMatchObject({ paid: '0.00', heldPayouts: 1 });
    expect(await line(2026, ana.creatorId)).toBeUndefined();

    // Cancelled by the creator: no longer held, the row goes.
    expect((await post(`/api/me/payouts/${cancelled.id}/cancel`, {}, bo.cookie)).status).toBe(200);
    expect((await expectKeptEqualsRebuild()).map((r) => r.creatorId)).toEqual([ana.creatorId]);

    // The new year: the form releases the hold; one payout is paid (in 2026, by its paid date), one fails.
    clock.now = new Date('2026-01-02T09:00:00Z');
    await fileW9(ana.cookie, '234-56-7891');
    expect(await expectKeptEqualsRebuild()).toEqual([]);
    await processManually([under.id, over.id]);
    await markPaid(under.id);
    const failed = await post(`/api/admin/payouts/${over.id}/mark-failed`, { reason: 'Wrong account' });
    expect(failed.status).toBe(200);
    // Bo files a W-8BEN: paid at the threshold, on file, but not a row of the year-end file (not a W-9).
    const w8 = await api.app.request('/api/me/tax-form', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': nextClientIp(),
        cookie: bo.cookie,
      },
      body: JSON.stringify({
        type: 'w8ben',
        legalName: 'Bo Abroad',
        country: 'Canada',
        addressLine1: '2 Queen St',
        city: 'Toronto',
        dateOfBirth: '1990-01-02',
        certify: true,
      }),
    });
    expect(w8.status).toBe(200);
    const bosPaid = await redeem(bo.cookie, 650);
    await processManually([bosPaid.id]);
    await markPaid(bosPaid.id);
    expect(await expectKeptEqualsRebuild()).toEqual([
      { year: 2026, creatorId: ana.creatorId, paid: '599.00', held: 0 },
      { year: 2026, creatorId: bo.creatorId, paid: '650.00', held: 0 },
    ]);
    expect(await line(2026, ana.creatorId)).toMatchObject({
      paid: '599.00',
      atThreshold: false,
      formType: 'w9',
    });
    expect(await line(2026, bo.creatorId)).toMatchObject({
      paid: '650.00',
      atThreshold: true,
      formType: 'w8ben',
      inYearEndFile: false,
    });
    expect((await report('year=2026')).body.totals).toEqual({
      creators: 2,
      atThreshold: 1,
      missingForms: 0,
      inYearEndFile: 0,
    });
    expect((await report('year=2025')).body).toMatchObject({ items: [], nextCursor: null });

    // A held payout and a paid one of the same creator and year share a row.
    const cy = await creator();
    await giveMint(api.db, cy.creatorId, 1000);
    const cysPaid = await redeem(cy.cookie, 500);
    await processManually([cysPaid.id]);
    await markPaid(cysPaid.id);
    expect((await redeem(cy.cookie, 100)).heldForTaxForm).toBe(true);
    expect((await expectKeptEqualsRebuild()).find((r) => r.creatorId === cy.creatorId)).toEqual({
      year: 2026,
      creatorId: cy.creatorId,
      paid: '500.00',
      held: 1,
    });
  });

  it('pages every line once, most paid first, by keyset; totals are of the whole year', async () => {
    clock.now = new Date('2024-03-01T12:00:00Z');
    const amounts = [120, 650, 60, 599, 120, 700];
    const people: Array<{ creatorId: number; amount: number }> = [];
    for (const [i, amount] of amounts.entries()) {
      const c = await creator();
      if (i < 2) await fileW9(c.cookie, i === 0 ? '345-67-8912' : '456-78-9123');
      await giveMint(api.db, c.creatorId, amount);
      const payout = await redeem(c.cookie, amount);
      if (i === 5) {
        // Reached $600 with no form: held, requested in 2024, paid nothing.
        expect(payout.heldForTaxForm).toBe(true);
      } else {
        await processManually([payout.id]);
        await markPaid(payout.id);
      }
      people.push({ creatorId: c.creatorId, amount: i === 5 ? 0 : amount });
    }
    // A creator paid $600 before the tax rule (decision 0027: earlier payouts count, nothing was held): written
    // straight to the table, as the bench's generator and an import do; the trigger counts it as well.
    const early = await creator();
    await api.db.insert(payouts).values({
      creatorId: early.creatorId,
      amount: 600,
      paypalEmail: 'early@example.com',
      status: 'completed',
      mode: 'manual',
      expectedBy: '2024-01-12',
      idempotencyKey: 'before-the-rule',
      requestHash: 'x',
      createdAt: new Date('2024-01-02T10:00:00Z'),
      completedAt: new Date('2024-01-03T10:00:00Z'),
    });
    people.push({ creatorId: early.creatorId, amount: 600 });
    await expectKeptEqualsRebuild();
    const expected = [...people]
      .sort((a, b) => b.amount - a.amount || b.creatorId - a.creatorId)
      .map((p) => p.creatorId);

    const seen: number[] = [];
    const paid: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await report(`year=2024&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      expect(page.body.totals).toEqual({ creators: 7, atThreshold: 2, missingForms: 1, inYearEndFile: 1 });
      seen.push(...page.body.items.map((i) => i.creator.id));
      paid.push(...page.body.items.map((i) => i.paid));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(4);
    expect(paid).toEqual(['650.00', '600.00', '599.00', '120.00', '120.00', '60.00', '0.00']);

    // A cursor the server did not make is refused with the sentence the list shows.
    for (const bad of ['nonsense', btoa('m|1|x'), btoa('a|2026-01-01T00:00:00.000Z|5')]) {
      const refused = await report(`year=2024&cursor=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain('cursor is not valid: load the first page again');
    }
    expect((await report('year=2024&limit=0')).status).toBe(400);
  });

  it('the year-end file reads the kept year: W-9s at $600 or more, by paid total', async () => {
    const file = await postJson(
      api.app,
      '/api/admin/tax-year/2024/export',
      { password: ADMIN_PASSWORD },
      api.admin,
    );
    expect(file.status).toBe(200);
    const lines = csvLines(await file.text());
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('456-78-9123');
    expect(lines[1]).toContain('650.00,2024');
  });
});
