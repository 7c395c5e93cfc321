import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson, signUpCreator } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { balanceAndSum, giveMint } from '../../../tests/support/mint';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { applications } from '../../db/schema/applications';
import { creators } from '../../db/schema/creators';
import { ledgerEntries, transactions } from '../../db/schema/ledger';
import { payoutEvents, payouts } from '../../db/schema/payouts';
import type { Payout, Wallet } from '../../shared/schemas/payout';

describe.each(TEST_DRIVERS)('wallet and redemptions API on %s', (driver) => {
  const mailer = captureMailer();
  const api = useAdminApp(driver, { mailer, paypal: null, now: () => clock.now });
  // A Thursday: the 7th business day after it is the Monday of the week after next.
  const clock = { now: new Date('2026-06-04T15:00:00Z') };
  let n = 0;
  let keys = 0;

  const creator = async () => {
    n += 1;
    const name = `Wallet Creator ${n}`;
    return {
      name,
      ...(await createReadyCreator(api.app, api.db, { email: `wallet${n}@example.com`, name })),
    };
  };
  const key = () => {
    keys += 1;
    return `test-key-${keys}-${driver}`;
  };
  const redeem = async (cookie: string, body: unknown, idempotencyKey: string | null = key()) => {
    const response = await postJson(
      api.app,
      '/api/me/payouts',
      body,
      cookie,
      idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey },
    );
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      body: (await response.json()) as Payout & { error?: string },
    };
  };
  const wallet = async (cookie: string, query = '') =>
    (await (await getWithCookie(api.app, `/api/me/wallet${query}`, cookie)).json()) as Wallet;

  it('shows the wallet: available Mint, Mint on its way from content in review, in payout, earned', async () => {
    const ana = await creator();
    const empty = await wallet(ana.cookie);
    expect(empty).toMatchObject({
      balance: 0,
      pending: 0,
      inPayout: 0,
      totalEarned: 0,
      minimum: 50,
      paypalEmail: 'paypal@example.com',
      entries: [],
      entriesTotal: 0,
    });
    // Two submissions awaiting review (30 + 45 Mint) and one still to submit: 75 Mint on its way.
    for (const [reward, status] of [
      [30, 'content_submitted'],
      [45, 'content_submitted'],
      [60, 'delivered'],
    ] as const) {
      const campaign = await insertCampaign(api.db, { reward, type: 'paid' });
      await api.db.insert(applications).values({ campaignId: campaign.id, creatorId: ana.creatorId, status });
    }
    // Credited an hour before the redemption (the app dates the redemption by its clock).
    await giveMint(api.db, ana.creatorId, 120, new Date(clock.now.getTime() - 3_600_000));
    await redeem(ana.cookie, { amount: 50 });
    const now = await wallet(ana.cookie);
    // The 120 Mint credited count as earned (issue 41: the wallet read "Total earned 0 Mint").
    expect(now).toMatchObject({ balance: 70, pending: 75, inPayout: 50, entriesTotal: 2, totalEarned: 120 });
    expect(now.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['redemption', -50],
      ['adjustment', 120],
    ]);
    // Paged history.
    const first = await wallet(ana.cookie, '?limit=1');
    expect(first.entries.map((e) => e.amount)).toEqual([-50]);
    const second = await wallet(ana.cookie, `?limit=1&cursor=${first.entriesNextCursor}`);
    expect(second.entries.map((e) => e.amount)).toEqual([120]);
    expect(second.entriesNextCursor).toBeNull();
    expect((await getWithCookie(api.app, '/api/me/wallet?limit=0', ana.cookie)).status).toBe(400);
  });

  it('redeems: debits at once, makes a pending payout and transaction, records it and mails the paid-by date', async () => {
    const ben = await creator();
    await giveMint(api.db, ben.creatorId, 80);
    const result = await redeem(ben.cookie, { amount: 60 });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      amount: 60,
      status: 'pending',
      paypalEmail: 'paypal@example.com',
      requestedAt: '2026-06-04T15:00:00.000Z',
      expectedBy: '2026-06-15',
      canCancel: true,
      label: `PayPal payout #${result.body.id}`,
    });
    expect(await balanceAndSum(api.db, ben.creatorId)).toEqual({ balance: 20, sum: 20 });
    const [transaction] = await api.db
      .select()
      .from(transactions)
      .where(eq(transactions.payoutId, result.body.id));
    expect(transaction).toMatchObject({ kind: 'redemption', status: 'pending', amount: '60.00' });
    const events = await api.db.select().from(payoutEvents).where(eq(payoutEvents.payoutId, result.body.id));
    expect(events.map((e) => [e.action, e.actorName])).toEqual([['requested', `${ben.name} (creator)`]]);
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe(ben.email);
    expect(mail.subject).toBe('Redemption requested: 60 Mint to PayPal');
    expect(mail.text).toContain('5-7 business days');
    expect(mail.text).toContain('June 15, 2026');
    const list = (await (await getWithCookie(api.app, '/api/me/payouts', ben.cookie)).json()) as {
      items: Payout[];
    };
    expect(list.items.map((p) => p.id)).toEqual([result.body.id]);
  });

  it('refuses bad requests with a clear 400', async () => {
    const cy = await creator();
    await giveMint(api.db, cy.creatorId, 75);
    const cases: Array<[unknown, string]> = [
      [{ amount: 49 }, 'The minimum redemption is 50 Mint.'],
      [{ amount: 50.5 }, 'Redeem whole Mint only (no decimals).'],
      [{ amount: '60' }, 'Enter how much Mint to redeem.'],
      [{}, 'Enter how much Mint to redeem.'],
      [{ amount: 76 }, 'You have 75 Mint available, so you cannot redeem 76 Mint.'],
      [{ amount: 1_000_000 }, 'You can redeem at most 100,000 Mint at a time.'],
    ];
    for (const [body, message] of cases) {
      const result = await redeem(cy.cookie, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error).toContain(message);
    }
    const noKey = await redeem(cy.cookie, { amount: 50 }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatch(/Idempotency-Key header/);
    expect(await balanceAndSum(api.db, cy.creatorId)).toEqual({ balance: 75, sum: 75 });

    // No PayPal email on the profile (a verified creator who has not finished the profile).
    n += 1;
    const cookie = await signUpCreator(api.app, { email: `noprofile${n}@example.com` });
    const me = (await (await getWithCookie(api.app, '/api/me', cookie)).json()) as { id: number };
    const unverified = await redeem(cookie, { amount: 50 });
    expect(unverified.status).toBe(403);
    await api.db.update(creators).set({ emailVerified: true }).where(eq(creators.id, me.id));
    await giveMint(api.db, me.id, 60);
    const noPaypal = await redeem(cookie, { amount: 50 });
    expect(noPaypal.status).toBe(400);
    expect(noPaypal.body.error).toBe('Add a PayPal email to your profile before redeeming Mint.');
    // Signed out, or an admin: no.
    expect((await redeem('', { amount: 50 })).status).toBe(401);
    expect((await redeem(api.admin, { amount: 50 })).status).toBe(403);
  });

  it('is idempotent: the same key and body answer the first result, another body 409, concurrent repeats pay once', async () => {
    const dee = await creator();
    await giveMint(api.db, dee.creatorId, 200);
    const first = await redeem(dee.cookie, { amount: 50 }, 'same-key-1');
    const again = await redeem(dee.cookie, { amount: 50 }, 'same-key-1');
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await redeem(dee.cookie, { amount: 60 }, 'same-key-1');
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('This Idempotency-Key was already used for a different request.');
    // The first answer stays the first answer, even after the payout moved on.
    await postJson(api.app, `/api/me/payouts/${first.body.id}/cancel`, {}, dee.cookie);
    expect((await redeem(dee.cookie, { amount: 50 }, 'same-key-1')).body).toEqual(first.body);

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => redeem(dee.cookie, { amount: 70 }, 'same-key-2')),
    );
    expect(racing.every((r) => r.status === 201)).toBe(true);
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
    expect(racing.filter((r) => r.replayed === 'true')).toHaveLength(9);
    const rows = await api.db.select().from(payouts).where(eq(payouts.creatorId, dee.creatorId));
    expect(rows).toHaveLength(2);
    // 200 - 50 + 50 (cancelled) - 70
    expect(await balanceAndSum(api.db, dee.creatorId)).toEqual({ balance: 130, sum: 130 });
    // A key belongs to its creator: another creator can use the same one.
    const eve = await creator();
    await giveMint(api.db, eve.creatorId, 50);
    expect((await redeem(eve.cookie, { amount: 50 }, 'same-key-2')).status).toBe(201);
  });

  it('lets the creator cancel a payout no admin has started; the Mint comes back once', async () => {
    const fay = await creator();
    await giveMint(api.db, fay.creatorId, 150);
    const a = await redeem(fay.cookie, { amount: 50 });
    const b = await redeem(fay.cookie, { amount: 100 });
    const cancelled = await postJson(api.app, `/api/me/payouts/${a.body.id}/cancel`, {}, fay.cookie);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', canCancel: false });
    const twice = await postJson(api.app, `/api/me/payouts/${a.body.id}/cancel`, {}, fay.cookie);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toBe(
      'This payout is cancelled, so it can no longer be cancelled.',
    );
    expect(await balanceAndSum(api.db, fay.creatorId)).toEqual({ balance: 50, sum: 50 });
    const [transaction] = await api.db
      .select()
      .from(transactions)
      .where(eq(transactions.payoutId, a.body.id));
    expect(transaction?.status).toBe('cancelled');
    const reversals = await api.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.creatorId, fay.creatorId), eq(ledgerEntries.kind, 'reversal')));
    expect(reversals.map((r) => r.amount)).toEqual([50]);

    // Someone else's payout is not found; one an admin started can no longer be cancelled.
    const gil = await creator();
    expect((await postJson(api.app, `/api/me/payouts/${b.body.id}/cancel`, {}, gil.cookie)).status).toBe(404);
    const started = await postJson(
      api.app,
      '/api/admin/payouts/process',
      { ids: [b.body.id], mode: 'manual' },
      api.admin,
    );
    expect(started.status).toBe(200);
    const late = await postJson(api.app, `/api/me/payouts/${b.body.id}/cancel`, {}, fay.cookie);
    // Refused by the table of payout moves: from processing, the creator has no move left.
    expect({ status: late.status, body: await late.json() }).toEqual({
      status: 409,
      body: {
        error: 'This payout is already being processed, so it can no longer be cancelled.',
        code: 'INVALID_TRANSITION',
        allowed: [],
      },
    });
    expect(await balanceAndSum(api.db, fay.creatorId)).toEqual({ balance: 50, sum: 50 });
  });

  it('100 concurrent 50-Mint redemptions by a creator holding 120 Mint: exactly 2 succeed, 20 Mint remain', async () => {
    const racer = await creator();
    await giveMint(api.db, racer.creatorId, 120);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => redeem(racer.cookie, { amount: 50 })),
    );
    const seconds = (performance.now() - started) / 1000;
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 400);
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(98);
    expect(new Set(refused.map((r) => r.body.error))).toEqual(
      new Set(['You have 20 Mint available, so you cannot redeem 50 Mint.']),
    );
    expect(await balanceAndSum(api.db, racer.creatorId)).toEqual({ balance: 20, sum: 20 });
    const rows = await api.db.select().from(payouts).where(eq(payouts.creatorId, racer.creatorId));
    expect(rows).toHaveLength(2);
    console.info(
      `[${driver}] 100 concurrent redemptions: ${ok.length} succeeded, ${refused.length} refused, balance 20 = sum of entries, ${seconds.toFixed(2)} s, ${(100 / seconds).toFixed(0)} requests/s`,
    );
  });
});
