import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { parseCsv } from '../../../tests/support/csv';
import { insertCampaign } from '../../../tests/support/factories';
import { balanceAndSum, giveMint, giveReward } from '../../../tests/support/mint';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { campaigns } from '../../db/schema/campaigns';
import { creators } from '../../db/schema/creators';
import { ledgerEntries, transactions } from '../../db/schema/ledger';
import { payouts } from '../../db/schema/payouts';
import { payoutLabel } from '../../shared/payouts';
import type { AdminPayout, PaymentsSummary, Payout, TransactionRow } from '../../shared/schemas/payout';
import { csvText } from '../services/transactions-csv';

type List = { items: TransactionRow[]; total: number; nextCursor: string | null; prevCursor: string | null };

describe.each(TEST_DRIVERS)('admin payments API on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  let n = 0;
  let keys = 0;
  const api = useAdminApp(driver, { mailer, paypal: null, now: () => clock.now });
  const { call, get } = api;

  /** A creator with a finished profile, renamed afterwards (the profile names them "Ready Creator"). */
  const creator = async (name?: string) => {
    n += 1;
    const made = await createReadyCreator(api.app, api.db, { email: `pay${n}@example.com` });
    if (name) await api.db.update(creators).set({ name }).where(eq(creators.id, made.creatorId));
    return made;
  };
  /** The status of the creator's Transactions row of the payout. */
  const transactionStatus = async (payoutId: number) => {
    const [transaction] = await api.db.select().from(transactions).where(eq(transactions.payoutId, payoutId));
    return transaction?.status;
  };
  const redeem = async (cookie: string, amount: number) => {
    keys += 1;
    const response = await postJson(api.app, '/api/me/payouts', { amount }, cookie, {
      'idempotency-key': `admin-test-${keys}`,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Payout;
  };

  it('pays by hand: Process Payment starts it, mark-paid completes it with the reference, the creator is mailed', async () => {
    const ana = await creator('Ana Paid');
    await giveMint(api.db, ana.creatorId, 100);
    const payout = await redeem(ana.cookie, 50);

    // PayPal is not configured here: paying through it is refused with what to do instead.
    const viaPaypal = await call('/api/admin/payouts/process', { ids: [payout.id], mode: 'paypal' });
    expect(viaPaypal.status).toBe(409);
    expect(viaPaypal.body.error).toMatch(/PayPal is not configured on this server/);
    // Marking paid before starting is refused (the creator could still cancel it).
    const early = await call(`/api/admin/payouts/${payout.id}/mark-paid`, { reference: 'PP-1' });
    expect(early.status).toBe(409);

    const started = await call('/api/admin/payouts/process', { ids: [payout.id], mode: 'manual' });
    expect(started).toMatchObject({ status: 200, body: { mode: 'manual', ids: [payout.id], paypal: null } });
    const again = await call('/api/admin/payouts/process', { ids: [payout.id], mode: 'manual' });
    // The table of payout moves refuses a second start, with what an admin may do instead.
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 'INVALID_TRANSITION',
        error: `${payoutLabel(payout.id)} is processing, so it cannot be processed again. Refresh the list.`,
        allowed: ['mark_paid', 'mark_failed'],
      },
    });

    const noReference = await call(`/api/admin/payouts/${payout.id}/mark-paid`, { reference: '  ' });
    expect(noReference.status).toBe(400);
    expect(noReference.body.error).toBe('Enter the payment reference (e.g. the PayPal transaction id).');
    const paid = await call<AdminPayout>(`/api/admin/payouts/${payout.id}/mark-paid`, {
      reference: '9XK12345AB678',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'completed', reference: '9XK12345AB678', mode: 'manual' });
    // Who did what, and when, is on the payout.
    expect(paid.body.events.map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['requested', 'Ana Paid (creator)', '50 Mint to paypal@example.com'],
      ['started', 'Admin <ops@mintbox.test>', null],
      ['marked_paid', 'Admin <ops@mintbox.test>', 'Reference: 9XK12345AB678'],
    ]);
    expect(paid.body.events.every((e) => e.at === clock.now.toISOString())).toBe(true);
    const mail = mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: ana.email, subject: 'Paid: $50.00 sent to your PayPal' });
    expect(mail.text).toContain('PayPal transaction id: 9XK12345AB678');
    expect(await transactionStatus(payout.id)).toBe('completed');
    const mine = await get<{ items: Payout[] }>('/api/me/payouts', ana.cookie);
    expect(mine.body.items[0]).toMatchObject({
      status: 'completed',
      reference: '9XK12345AB678',
      canCancel: false,
    });
    // Final: no second settlement.
    expect(
      (await call(`/api/admin/payouts/${payout.id}/mark-failed`, { reason: 'Oops, wrong one' })).status,
    ).toBe(409);
    expect(await balanceAndSum(api.db, ana.creatorId)).toEqual({ balance: 50, sum: 50 });
  });

  it('mark-failed returns the Mint once, with the reason in the mail', async () => {
    const ben = await creator('Ben Failed');
    await giveMint(api.db, ben.creatorId, 70);
    const payout = await redeem(ben.cookie, 70);
    expect(await balanceAndSum(api.db, ben.creatorId)).toEqual({ balance: 0, sum: 0 });
    expect((await call(`/api/admin/payouts/${payout.id}/mark-failed`, { reason: '' })).body.error).toBe(
      'Tell the creator why the payout failed.',
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(`/api/admin/payouts/${payout.id}/mark-failed`, { reason: 'The PayPal account does not exist.' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await balanceAndSum(api.db, ben.creatorId)).toEqual({ balance: 70, sum: 70 });
    const mail = mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: ben.email, subject: 'Payout failed: 70 Mint are back in your wallet' });
    expect(mail.text).toContain('Reason: The PayPal account does not exist.');
    expect(mail.text).toContain('available now: 70 Mint');
    expect(await transactionStatus(payout.id)).toBe('failed');
  });

  it('adjusts Mint with a reason, never below zero, in both histories and with who did it', async () => {
    const cy = await creator('Cy Adjusted');
    const credit = await call<{ id: number; balance: number }>(
      `/api/admin/influencers/${cy.creatorId}/adjustments`,
      {
        amount: 30,
        reason: 'Bonus for the launch video',
      },
    );
    expect(credit).toMatchObject({ status: 201, body: { balance: 30 } });
    const tooMuch = await call(`/api/admin/influencers/${cy.creatorId}/adjustments`, {
      amount: -31,
      reason: 'Correction',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe(
      'Cy Adjusted has 30 Mint: a debit of 31 Mint would take the balance below zero.',
    );
    const noReason = await call(`/api/admin/influencers/${cy.creatorId}/adjustments`, {
      amount: 5,
      reason: '',
    });
    expect(noReason.body.error).toBe('A reason is required.');
    expect(
      (await call(`/api/admin/influencers/${cy.creatorId}/adjustments`, { amount: 0, reason: 'Nothing' }))
        .body.error,
    ).toBe('An adjustment cannot be 0 Mint.');
    expect(
      (await call('/api/admin/influencers/999999/adjustments', { amount: 5, reason: 'Nobody' })).status,
    ).toBe(404);
    const debit = await call<{ balance: number }>(`/api/admin/influencers/${cy.creatorId}/adjustments`, {
      amount: -10,
      reason: 'Duplicate reward corrected',
    });
    expect(debit.body.balance).toBe(20);
    expect(await balanceAndSum(api.db, cy.creatorId)).toEqual({ balance: 20, sum: 20 });
    // The creator's history …
    const wallet = await get<{ entries: Array<{ kind: string; amount: number; description: string }> }>(
      '/api/me/wallet',
      cy.cookie,
    );
    expect(wallet.body.entries.map((e) => [e.kind, e.amount, e.description])).toEqual([
      ['adjustment', -10, 'Adjustment: Duplicate reward corrected'],
      ['adjustment', 30, 'Adjustment: Bonus for the launch video'],
    ]);
    // … and the admin's.
    const list = await get<List>(
      `/api/admin/transactions?kind=adjustment&q=${encodeURIComponent('Cy Adjusted')}`,
    );
    expect(list.body.items.map((t) => [t.amount, t.status, t.label])).toEqual([
      ['-10.00', 'completed', 'Adjustment: Duplicate reward corrected'],
      ['30.00', 'completed', 'Adjustment: Bonus for the launch video'],
    ]);
    // Concurrent debits can never overdraw.
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(`/api/admin/influencers/${cy.creatorId}/adjustments`, { amount: -15, reason: 'Race' }),
      ),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await balanceAndSum(api.db, cy.creatorId)).toEqual({ balance: 5, sum: 5 });
  });

  it('lists transactions newest first with filters, search and paging, and exports the same rows as CSV', async () => {
    const dee = await creator('Dee "Quotes", Jr.');
    const campaign = await insertCampaign(api.db, { name: 'Glow', reward: 80, type: 'paid' });
    clock.now = new Date('2026-06-11T09:00:00Z');
    await giveReward(api.db, {
      creatorId: dee.creatorId,
      campaignId: campaign.id,
      amount: 80,
      description: 'Reward for Glow',
      at: clock.now,
    });
    clock.now = new Date('2026-06-11T10:00:00Z');
    const payout = await redeem(dee.cookie, 60);

    const all = await get<List>('/api/admin/transactions?limit=100');
    expect(all.status).toBe(200);
    const times = all.body.items.map((t) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = await get<List>(`/api/admin/transactions?q=${encodeURIComponent('Quotes')}`);
    expect(mine.body.total).toBe(2);
    expect(mine.body.items.map((t) => [t.kind, t.label, t.amount, t.status])).toEqual([
      ['payout', `PayPal payout #${payout.id}`, '60.00', 'pending'],
      ['reward', 'Glow', '80.00', 'completed'],
    ]);
    // The campaign's name is searchable too.
    expect(
      (await get<List>('/api/admin/transactions?q=Glow&kind=reward')).body.items.map((t) => t.campaignId),
    ).toEqual([campaign.id]);
    expect(mine.body.items[0]).toMatchObject({
      creator: { id: dee.creatorId, name: 'Dee "Quotes", Jr.' },
      payout: {
        id: payout.id,
        status: 'pending',
        paypalEmail: 'paypal@example.com',
        expectedBy: payout.expectedBy,
      },
    });
    expect(
      (await get<List>(`/api/admin/transactions?q=%23${payout.id}&kind=payout`)).body.items.map((t) => t.id),
    ).toContain(mine.body.items[0]!.id);
    const payoutsOnly = await get<List>('/api/admin/transactions?kind=payout&status=pending&limit=100');
    expect(payoutsOnly.body.items.every((t) => t.kind === 'payout' && t.status === 'pending')).toBe(true);
    const page1 = await get<List>('/api/admin/transactions?limit=2');
    const page2 = await get<List>(`/api/admin/transactions?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page1.body.total).toBe(all.body.total);
    expect(page2.body.items[0]?.id).toBe(all.body.items[2]?.id);
    expect((await get('/api/admin/transactions?kind=gift')).status).toBe(400);
    expect((await get('/api/admin/transactions?limit=500')).status).toBe(400);

    // Export Report: the rows of the filtered table, newest first, quoted for a spreadsheet.
    const csv = await getWithCookie(
      api.app,
      `/api/admin/transactions.csv?q=${encodeURIComponent('Quotes')}`,
      api.admin,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="mintbox-transactions-2026-06-11.csv"',
    );
    const bytes = Buffer.from(await csv.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read the names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(
      text.startsWith('Date (UTC),Influencer,Username,Campaign,Amount (USD),Status,Kind,Transaction ID\r\n'),
    ).toBe(true);
    expect(text).toContain(',"Dee ""Quotes"", Jr.",');
    const rows = parseCsv(text);
    expect(rows.slice(1)).toEqual(
      mine.body.items.map((t) => [
        t.createdAt.replace('T', ' ').slice(0, 19),
        t.creator!.name,
        t.creator!.username,
        t.label,
        t.amount,
        t.status,
        t.kind === 'payout' ? 'Payout' : 'Reward',
        String(t.id),
      ]),
    );
    // The whole table exports too (more rows than one chunk would be fine: it streams).
    const everything = parseCsv(
      await (await getWithCookie(api.app, '/api/admin/transactions.csv', api.admin)).text(),
    );
    expect(everything.length - 1).toBe(all.body.total);
  });

  it('quotes CSV cells a spreadsheet could misread', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('Dee "Quotes", Jr.')).toBe('"Dee ""Quotes"", Jr."');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('@cmd')).toBe("'@cmd");
    expect(csvText(' padded ')).toBe('" padded "');
  });

  it('walks every Payment Secure figure and every table row against the payout and ledger records', async () => {
    const monthStart = new Date('2026-07-01T00:00:00Z');
    const money = (xs: number[]) => xs.reduce((a, b) => a + b, 0).toFixed(2);
    /** What each figure claims to sum, read straight from the records. */
    const records = async () => {
      const all = await api.db.select().from(payouts);
      const entries = await api.db.select().from(ledgerEntries);
      const paid = all.filter((p) => p.status === 'completed');
      const open = all.filter((p) => p.status === 'pending' || p.status === 'processing');
      const paidThisMonth = paid.filter((p) => p.completedAt! >= monthStart);
      const credited = entries.filter(
        (e) =>
          (e.kind === 'reward' || (e.kind === 'adjustment' && e.amount > 0)) && e.createdAt >= monthStart,
      );
      return {
        thisMonth: money(paidThisMonth.map((p) => p.amount)),
        creditedThisMonth: money(credited.map((e) => e.amount)),
        pending: money(open.map((p) => p.amount)),
        completed: money(paid.map((p) => p.amount)),
        counts: { thisMonth: paidThisMonth.length, pending: open.length, completed: paid.length },
      };
    };
    const figures = async () => {
      const response = await get<PaymentsSummary>('/api/admin/payments/summary');
      expect(response.status).toBe(200);
      const { thisMonth, creditedThisMonth, pending, completed, counts } = response.body;
      const shown = { thisMonth, creditedThisMonth, pending, completed, counts };
      expect(shown).toEqual(await records());
      return response.body;
    };
    const delta = (a: PaymentsSummary, b: PaymentsSummary) => ({
      thisMonth: Number(b.thisMonth) - Number(a.thisMonth),
      credited: Number(b.creditedThisMonth) - Number(a.creditedThisMonth),
      pending: Number(b.pending) - Number(a.pending),
      completed: Number(b.completed) - Number(a.completed),
    });

    // A payout paid in June counts in Completed, never in July's This Month.
    clock.now = new Date('2026-06-28T08:00:00Z');
    const eve = await creator('Eve Summary');
    await call(`/api/admin/influencers/${eve.creatorId}/adjustments`, {
      amount: 250,
      reason: 'June bonus',
    });
    const june = await redeem(eve.cookie, 50);
    await call('/api/admin/payouts/process', { ids: [june.id], mode: 'manual' });
    await call(`/api/admin/payouts/${june.id}/mark-paid`, { reference: 'JUNE-1' });

    clock.now = new Date('2026-07-02T08:00:00Z');
    const before = await figures();
    expect(before.settings).toEqual({
      mode: 'manual',
      environment: 'sandbox',
      minimum: 50,
      webhooks: false,
      businessDays: '5-7',
    });
    // July: 25 Mint credited, a 100 Mint payout requested. Credits are not cash: This Month and Completed stay.
    await call(`/api/admin/influencers/${eve.creatorId}/adjustments`, {
      amount: 25,
      reason: 'July bonus',
    });
    const open = await redeem(eve.cookie, 100);
    await insertCampaign(api.db, { status: 'active', budget: '1500.50' });
    const after = await figures();
    expect(delta(before, after)).toEqual({ thisMonth: 0, credited: 25, pending: 100, completed: 0 });
    const bp = after.brandPackage;
    const bp0 = before.brandPackage;
    // Owed = every balance plus open payouts: 25 more (the credit; the 100 only moved from wallet to payout).
    expect(Number(bp.owed) - Number(bp0.owed)).toBe(25);
    expect(Number(bp.credited) - Number(bp0.credited)).toBe(25);
    expect(Number(bp.activeBudget) - Number(bp0.activeBudget)).toBe(1500.5);
    expect(bp.breakdown.payouts.find((p) => p.status === 'pending')?.count).toBeGreaterThan(0);
    // Processing is still not paid: it stays in Pending.
    await call('/api/admin/payouts/process', { ids: [open.id], mode: 'manual' });
    expect(delta(after, await figures())).toEqual({ thisMonth: 0, credited: 0, pending: 0, completed: 0 });
    // Paid on 2 July: This Month and Completed take it, Pending lets it go.
    await call(`/api/admin/payouts/${open.id}/mark-paid`, { reference: 'JULY-1' });
    const paid = await figures();
    expect(delta(after, paid)).toEqual({ thisMonth: 100, credited: 0, pending: -100, completed: 100 });
    expect(paid.counts.thisMonth - after.counts.thisMonth).toBe(1);
    expect(Number(paid.brandPackage.paidOut) - Number(bp.paidOut)).toBe(100);
    expect(Number(paid.brandPackage.owed) - Number(bp.owed)).toBe(-100);

    // Every row of the table against its transaction, its campaign and its payout.
    const list = await get<List>('/api/admin/transactions?limit=100');
    const rows = await api.db
      .select({ t: transactions, campaignName: campaigns.name, payoutId: payouts.id })
      .from(transactions)
      .leftJoin(campaigns, eq(campaigns.id, transactions.campaignId))
      .leftJoin(payouts, eq(payouts.id, transactions.payoutId));
    expect(list.body.total).toBe(rows.length);
    for (const item of list.body.items) {
      const row = rows.find((r) => r.t.id === item.id)!;
      expect(item.amount).toBe(row.t.amount);
      expect(item.status).toBe(row.t.status);
      if (item.kind === 'reward') {
        expect(item.label).toBe(row.campaignName ?? 'Campaign (deleted)');
        expect(item.label).not.toMatch(/^Campaign #/);
      }
      if (item.kind === 'payout') expect(item.label).toBe(`PayPal payout #${row.payoutId}`);
    }
  });

  it('keeps every payment route to admins', async () => {
    const fay = await creator();
    for (const path of [
      '/api/admin/transactions',
      '/api/admin/transactions.csv',
      '/api/admin/payments/summary',
    ]) {
      expect((await getWithCookie(api.app, path, '')).status, path).toBe(401);
      expect((await getWithCookie(api.app, path, fay.cookie)).status, path).toBe(403);
    }
    for (const path of [
      '/api/admin/payouts/process',
      '/api/admin/payouts/1/mark-paid',
      '/api/admin/payouts/1/mark-failed',
      `/api/admin/influencers/${fay.creatorId}/adjustments`,
    ]) {
      expect((await postJson(api.app, path, {}, fay.cookie)).status, path).toBe(403);
    }
    expect((await get('/api/admin/payouts/999999')).status).toBe(404);
    expect((await call('/api/admin/payouts/process', { ids: [999999], mode: 'manual' })).status).toBe(404);
    expect((await call('/api/admin/payouts/process', { ids: [], mode: 'manual' })).body.error).toBe(
      'Select at least one payout.',
    );
  });

  it('documents every payment path in the OpenAPI document', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/me/wallet',
        '/me/payouts',
        '/me/payouts/{id}/cancel',
        '/admin/transactions',
        '/admin/transactions.csv',
        '/admin/payments/summary',
        '/admin/payouts/process',
        '/admin/payouts/{id}',
        '/admin/payouts/{id}/mark-paid',
        '/admin/payouts/{id}/mark-failed',
        '/admin/influencers/{id}/adjustments',
        '/webhooks/paypal',
      ]),
    );
  });
});
