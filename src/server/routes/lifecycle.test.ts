import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { SERUM_LAUNCH_CAMPAIGN } from '../../../tests/support/box-campaign';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerEntries, mintBalances, transactions } from '../../db/schema/ledger';
import { silentLogger } from '../process/logger';
import { postLedgerEntry } from '../services/payouts/ledger';

describe.each(TEST_DRIVERS)('campaign lifecycle API on %s', (driver) => {
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-10T12:00:00Z');
  let n = 0;
  const api = useAdminApp(driver, { mailer, now: () => clock.now });

  const creator = (options: { instagram?: number } = {}) => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `life${n}@example.com`, ...options });
  };
  const adminPost = (path: string, body: unknown = {}) => postJson(api.app, path, body, api.admin);
  const call = async (path: string, body: unknown, cookie: string) => {
    const response = await postJson(api.app, path, body, cookie);
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  };
  const newCampaign = async (overrides: Record<string, unknown> = {}) => {
    const response = await adminPost('/api/admin/campaigns', { ...SERUM_LAUNCH_CAMPAIGN, ...overrides });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const balanceOf = async (cookie: string) =>
    ((await (await getWithCookie(api.app, '/api/me/wallet', cookie)).json()) as { balance: number }).balance;

  it('runs a campaign from applying to the reward, once, with a mail at each step', async () => {
    const campaignId = await newCampaign();
    const ana = await creator({ instagram: 5000 });

    const applied = await call(
      `/api/campaigns/${campaignId}/applications`,
      { pitch: 'I love serums' },
      ana.cookie,
    );
    expect(applied.status).toBe(201);
    const applicationId = applied.body.id as number;
    const [row] = await api.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row?.applicationsCount).toBe(1);

    expect(
      (await call(`/api/admin/applications/${applicationId}/accept`, { message: 'Welcome!' }, api.admin))
        .status,
    ).toBe(200);
    expect(mailer.sent.at(-1)).toMatchObject({ to: ana.email, subject: "You're in: Glow Serum Launch" });

    expect(
      (
        await call(
          `/api/admin/applications/${applicationId}/shipment`,
          { carrier: 'UPS', trackingNumber: '1Z999' },
          api.admin,
        )
      ).status,
    ).toBe(200);
    expect(mailer.sent.at(-1)?.text).toContain('1Z999');

    const mine = (await (await getWithCookie(api.app, '/api/me/applications', ana.cookie)).json()) as {
      items: Array<{
        status: string;
        trackingUrl: string;
        canConfirmDelivery: boolean;
        uploadDeadline: string;
      }>;
    };
    expect(mine.items[0]).toMatchObject({
      status: 'shipped',
      canConfirmDelivery: true,
      uploadDeadline: '2026-07-08',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
    });

    expect(
      (await call(`/api/applications/${applicationId}/delivery`, { action: 'confirm' }, ana.cookie)).status,
    ).toBe(200);

    const wrongPlatform = await call(
      `/api/applications/${applicationId}/submissions`,
      { urls: ['https://www.tiktok.com/@ana/video/1'] },
      ana.cookie,
    );
    expect(wrongPlatform.status).toBe(400);
    expect(wrongPlatform.body.error).toContain('is not a link to an Instagram post');

    const first = await call(
      `/api/applications/${applicationId}/submissions`,
      { urls: ['https://www.instagram.com/p/abc'] },
      ana.cookie,
    );
    expect(first.status).toBe(201);
    expect(
      (
        await call(
          `/api/admin/submissions/${first.body.id}/request-changes`,
          { message: 'Show the label please' },
          api.admin,
        )
      ).status,
    ).toBe(200);
    expect(mailer.sent.at(-1)?.text).toContain('Show the label please');

    const second = await call(
      `/api/applications/${applicationId}/submissions`,
      { urls: ['https://www.instagram.com/p/def'], note: 'Fixed' },
      ana.cookie,
    );
    expect(second.status).toBe(201);
    const approved = await call(`/api/admin/submissions/${second.body.id}/approve`, {}, api.admin);
    expect(approved).toEqual({ status: 200, body: { id: second.body.id, credited: 40 } });
    expect(mailer.sent.at(-1)).toMatchObject({
      to: ana.email,
      subject: 'Content approved: 40 Mint credited',
    });

    expect(await balanceOf(ana.cookie)).toBe(40);
    const wallet = (await (await getWithCookie(api.app, '/api/me/wallet', ana.cookie)).json()) as Record<
      string,
      unknown
    >;
    expect(wallet).toMatchObject({ balance: 40, pending: 0, totalEarned: 40 });
    const [tx] = await api.db.select().from(transactions).where(eq(transactions.creatorId, ana.creatorId));
    expect(tx).toMatchObject({ campaignId, amount: '40.00', status: 'completed', kind: 'reward' });
    // Dated by the app's clock (the request's context: here the test clock), not by the machine or the database
    // (issue 43): the admins' transactions list and the creator's ledger entry say the same instant.
    const listed = (await (await getWithCookie(api.app, '/api/admin/transactions', api.admin)).json()) as {
      items: Array<{ id: number; createdAt: string }>;
    };
    expect(listed.items.find((row) => row.id === tx!.id)?.createdAt).toBe(clock.now.toISOString());
    const [entry] = await api.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creatorId, ana.creatorId));
    expect(entry?.createdAt).toEqual(clock.now);

    const again = await call(`/api/admin/submissions/${second.body.id}/approve`, {}, api.admin);
    expect(again.status).toBe(409);
    expect(await balanceOf(ana.cookie)).toBe(40);

    const stats = (await (await getWithCookie(api.app, '/api/admin/campaigns/stats', api.admin)).json()) as {
      totalSpent: number;
    };
    expect(stats.totalSpent).toBe(40);
    const list = (await (await getWithCookie(api.app, `/api/admin/campaigns?q=glow`, api.admin)).json()) as {
      items: Array<{ id: number; acceptedCount: number }>;
    };
    expect(list.items.find((c) => c.id === campaignId)?.acceptedCount).toBe(1);
  });

  it('answers 409 to every step out of order', async () => {
    const campaignId = await newCampaign({ name: 'Order Matters' });
    const bo = await creator();
    const { body } = await call(`/api/campaigns/${campaignId}/applications`, {}, bo.cookie);
    const id = body.id as number;
    const expect409 = async (path: string, payload: unknown, cookie: string) => {
      const result = await call(path, payload, cookie);
      expect(result.status, path).toBe(409);
      expect(typeof result.body.error, path).toBe('string');
    };
    await expect409(
      `/api/admin/applications/${id}/shipment`,
      { carrier: 'UPS', trackingNumber: '1' },
      api.admin,
    );
    await expect409(`/api/admin/applications/${id}/delivered`, {}, api.admin);
    await expect409(`/api/applications/${id}/delivery`, { action: 'confirm' }, bo.cookie);
    await expect409(
      `/api/applications/${id}/submissions`,
      { urls: ['https://instagram.com/p/x'] },
      bo.cookie,
    );
    await expect409(`/api/campaigns/${campaignId}/applications`, {}, bo.cookie);
    expect((await call(`/api/admin/applications/${id}/accept`, {}, api.admin)).status).toBe(200);
    await expect409(`/api/admin/applications/${id}/accept`, {}, api.admin);
    // (Accepted, the creator may still withdraw and the team decline: campaign-boxes.test.ts.)
    // A gifting campaign needs the box before content.
    await expect409(
      `/api/applications/${id}/submissions`,
      { urls: ['https://instagram.com/p/x'] },
      bo.cookie,
    );
  });

  it('refuses a move the table does not allow with one 409 naming the allowed actions, for each actor', async () => {
    const campaignId = await newCampaign({ name: 'Table Of Moves' });
    const cy = await creator();
    const id = (await call(`/api/campaigns/${campaignId}/applications`, {}, cy.cookie)).body.id as number;
    const refused = (error: string, allowed: string[]) => ({
      status: 409,
      body: { error, code: 'INVALID_TRANSITION', allowed },
    });
    expect((await call(`/api/admin/applications/${id}/accept`, {}, api.admin)).status).toBe(200);

    // The admin: an accepted application can be shipped, or declined before its box ships.
    expect(await call(`/api/admin/applications/${id}/accept`, {}, api.admin)).toEqual(
      refused(`Application ${id} was already decided.`, ['reject', 'ship']),
    );
    expect(await call(`/api/admin/applications/${id}/delivered`, {}, api.admin)).toEqual(
      refused('Only a shipped PR box can be marked delivered.', ['reject', 'ship']),
    );
    // The creator: only withdrawing, until the box is on its way.
    expect(await call(`/api/applications/${id}/delivery`, { action: 'confirm' }, cy.cookie)).toEqual(
      refused('Your PR box has not been shipped yet.', ['withdraw']),
    );
    await adminPost(`/api/admin/applications/${id}/shipment`, { carrier: 'UPS', trackingNumber: '1ZTABLE' });
    expect(await call(`/api/applications/${id}/withdraw`, {}, cy.cookie)).toEqual(
      refused('Only an application whose PR box has not shipped yet can be withdrawn.', [
        'confirm_delivery',
        'report_problem',
      ]),
    );
    const post = { urls: ['https://www.instagram.com/p/table'] };
    expect(await call(`/api/applications/${id}/submissions`, post, cy.cookie)).toEqual(
      refused('Confirm that your PR box arrived before submitting content.', [
        'confirm_delivery',
        'report_problem',
      ]),
    );

    // A problem reported after delivery, then content sent: the box can no longer be re-shipped.
    expect((await call(`/api/applications/${id}/delivery`, { action: 'confirm' }, cy.cookie)).status).toBe(
      200,
    );
    const report = { action: 'report', problem: 'damaged', note: 'Cap cracked' };
    expect((await call(`/api/applications/${id}/delivery`, report, cy.cookie)).status).toBe(200);
    expect((await call(`/api/applications/${id}/submissions`, post, cy.cookie)).status).toBe(201);
    expect(await call(`/api/applications/${id}/submissions`, post, cy.cookie)).toEqual(
      refused('Your content is already waiting for review.', []),
    );
    const queue = (await (await getWithCookie(api.app, '/api/admin/problems', api.admin)).json()) as {
      items: Array<{ id: number; application: { id: number } }>;
    };
    const problem = queue.items.find((p) => p.application.id === id)!;
    expect(
      await call(
        `/api/admin/problems/${problem.id}/reship`,
        { carrier: 'UPS', trackingNumber: '1ZNEW' },
        api.admin,
      ),
    ).toEqual(
      refused(
        'A new box can be sent only while the creator waits for theirs (this application is content_submitted).',
        ['approve', 'request_changes'],
      ),
    );
    expect(await call(`/api/admin/applications/${id}/delivered`, {}, api.admin)).toEqual(
      refused('Only a shipped PR box can be marked delivered.', ['approve', 'request_changes']),
    );
  });

  it("answers 404 for another creator's application", async () => {
    const campaignId = await newCampaign({ name: 'Mine Not Yours' });
    const owner = await creator();
    const other = await creator();
    const { body } = await call(`/api/campaigns/${campaignId}/applications`, {}, owner.cookie);
    for (const [path, payload] of [
      [`/api/applications/${body.id}/withdraw`, {}],
      [`/api/applications/${body.id}/delivery`, { action: 'confirm' }],
      [`/api/applications/${body.id}/submissions`, { urls: ['https://instagram.com/p/x'] }],
    ] as const) {
      expect((await call(path, payload, other.cookie)).status, path).toBe(404);
    }
    const theirs = (await (await getWithCookie(api.app, '/api/me/applications', other.cookie)).json()) as {
      items: unknown[];
    };
    expect(theirs.items).toHaveLength(0);
    // Withdrawing keeps the count exact.
    expect((await call(`/api/applications/${body.id}/withdraw`, {}, owner.cookie)).status).toBe(200);
    const [row] = await api.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row?.applicationsCount).toBe(0);
  });

  it('enforces eligibility: followers on the platform, deadline, status, profile, box count', async () => {
    const strict = await newCampaign({ name: 'Big Audience', followersRequired: 50_000 });
    const small = await creator({ instagram: 4999 });
    const below = await call(`/api/campaigns/${strict}/applications`, {}, small.cookie);
    expect(below).toEqual({
      status: 409,
      body: { error: 'This campaign needs at least 50,000 followers on Instagram.', code: 'CONFLICT' },
    });
    const eligibility = (await (
      await getWithCookie(api.app, `/api/campaigns/${strict}/eligibility`, small.cookie)
    ).json()) as {
      canApply: boolean;
      reason: string;
    };
    expect(eligibility).toMatchObject({ canApply: false, reason: 'followers_below' });

    const closed = await newCampaign({ name: 'Closed Yesterday', deadline: '2026-06-09' });
    expect((await call(`/api/campaigns/${closed}/applications`, {}, small.cookie)).body.error).toBe(
      'The application deadline for this campaign has passed.',
    );
    const lastDay = await newCampaign({ name: 'Closes Today', deadline: '2026-06-10', followersRequired: 0 });
    expect((await call(`/api/campaigns/${lastDay}/applications`, {}, small.cookie)).status).toBe(201);

    const paused = await newCampaign({ name: 'Paused', status: 'pending' });
    expect((await call(`/api/campaigns/${paused}/applications`, {}, small.cookie)).status).toBe(409);
    const draft = await newCampaign({ name: 'Hidden', status: 'draft' });
    expect((await call(`/api/campaigns/${draft}/applications`, {}, small.cookie)).status).toBe(404);

    const boxes = await newCampaign({ name: 'Two Boxes', maxAccepted: 1, followersRequired: 0 });
    const a = await creator();
    const b = await creator();
    const appA = (await call(`/api/campaigns/${boxes}/applications`, {}, a.cookie)).body.id as number;
    const appB = (await call(`/api/campaigns/${boxes}/applications`, {}, b.cookie)).body.id as number;
    expect(
      (await call(`/api/admin/applications/decisions`, { ids: [appA, appB], decision: 'accept' }, api.admin))
        .status,
    ).toBe(409);
    expect(
      (await call(`/api/admin/applications/decisions`, { ids: [appA], decision: 'accept' }, api.admin))
        .status,
    ).toBe(200);
    expect((await call(`/api/admin/applications/${appB}/accept`, {}, api.admin)).status).toBe(409);
    expect(
      (
        await call(
          `/api/admin/applications/decisions`,
          { ids: [appB], decision: 'reject', message: 'Next time' },
          api.admin,
        )
      ).status,
    ).toBe(200);

    const anonymous = await postJson(api.app, `/api/campaigns/${boxes}/applications`, {});
    expect(anonymous.status).toBe(401);
  });

  it('keeps the product value an admin states on create and edit, and refuses a bad one with a 400', async () => {
    const patch = (id: number, body: unknown) =>
      api.app.request(`/api/admin/campaigns/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: api.admin },
        body: JSON.stringify(body),
      });
    const storedValue = async (id: number) => {
      const [row] = await api.db
        .select({ productValue: campaigns.productValue })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      const page = (await (await getWithCookie(api.app, `/api/campaigns/${id}`)).json()) as {
        productValue: string | null;
      };
      expect(page.productValue).toBe(row!.productValue);
      return row!.productValue;
    };
    const stated = await newCampaign({ name: 'Valued Box', productValue: '85' });
    expect(await storedValue(stated)).toBe('85.00');
    const unstated = await newCampaign({ name: 'Unvalued Box' });
    expect(await storedValue(unstated)).toBeNull();
    const free = await newCampaign({ name: 'Free Sample', productValue: 0 });
    expect(await storedValue(free)).toBe('0.00');

    for (const bad of ['-5', -1, '12.345', 'eighty', true]) {
      const created = await adminPost('/api/admin/campaigns', {
        ...SERUM_LAUNCH_CAMPAIGN,
        name: 'Bad Value',
        productValue: bad,
      });
      expect(created.status).toBe(400);
      expect(((await created.json()) as { error: string }).error).toMatch(
        /Product value must be an amount in dollars/,
      );
      const edited = await patch(stated, { productValue: bad });
      expect(edited.status).toBe(400);
      expect(((await edited.json()) as { error: string }).error).toMatch(
        /Product value must be an amount in dollars/,
      );
    }
    expect(await storedValue(stated)).toBe('85.00');
    expect((await patch(stated, { productValue: '$85.50' })).status).toBe(200);
    expect(await storedValue(stated)).toBe('85.50');
    expect((await patch(stated, { name: 'Valued Box Again' })).status).toBe(200);
    expect(await storedValue(stated)).toBe('85.50');
    expect((await patch(stated, { productValue: null })).status).toBe(200);
    expect(await storedValue(stated)).toBeNull();
  });

  it("counts accepted creators on the admin's list and review page through shipping and approval", async () => {
    // Two campaigns first, so no application id equals the campaign id it belongs to.
    await newCampaign({ name: 'Counted Elsewhere', followersRequired: 0 });
    const counted = await newCampaign({ name: 'Counted Boxes', maxAccepted: 3, followersRequired: 0 });
    const people = [await creator(), await creator(), await creator()];
    const ids: number[] = [];
    for (const person of people) {
      ids.push((await call(`/api/campaigns/${counted}/applications`, {}, person.cookie)).body.id as number);
    }
    const accepted = async () => {
      const list = (await (
        await getWithCookie(api.app, '/api/admin/campaigns?q=counted', api.admin)
      ).json()) as {
        items: Array<{ id: number; name: string; acceptedCount: number }>;
      };
      const review = (await (
        await getWithCookie(api.app, `/api/admin/campaigns/${counted}`, api.admin)
      ).json()) as {
        acceptedCount: number;
      };
      return {
        list: list.items.find((c) => c.id === counted)?.acceptedCount,
        other: list.items.find((c) => c.id !== counted)?.acceptedCount,
        review: review.acceptedCount,
      };
    };
    // Places left on the public card and page (anonymous: the catalogue's fast path), against the records.
    const placesLeft = async () => {
      const result = await api.db.execute(
        sql`select count(*)::int as n from applications where campaign_id = ${counted} and status in ('accepted', 'shipped', 'delivered', 'content_submitted', 'changes_requested', 'approved', 'missed')`,
      );
      const [fromRecords] = (result as unknown as { rows: Array<{ n: number }> }).rows;
      type Card = { id: number; maxAccepted: number | null; boxesLeft: number | null };
      const page = (await (await getWithCookie(api.app, `/api/campaigns/${counted}`)).json()) as Card;
      const listed = (await (await getWithCookie(api.app, '/api/campaigns')).json()) as { items: Card[] };
      const searched = (await (await getWithCookie(api.app, '/api/campaigns?q=counted')).json()) as {
        items: Card[];
      };
      const card = listed.items.find((c) => c.id === counted);
      expect(page.maxAccepted).toBe(3);
      expect(card?.boxesLeft).toBe(page.boxesLeft);
      expect(searched.items.find((c) => c.id === counted)?.boxesLeft).toBe(page.boxesLeft);
      // A campaign without a cap has no places to count.
      expect(searched.items.find((c) => c.id !== counted)?.boxesLeft).toBeNull();
      expect(page.boxesLeft).toBe(3 - fromRecords!.n);
      return page.boxesLeft;
    };
    expect(await accepted()).toEqual({ list: 0, other: 0, review: 0 });
    expect(await placesLeft()).toBe(3);
    expect(
      (await call('/api/admin/applications/decisions', { ids: [ids[0]], decision: 'accept' }, api.admin))
        .status,
    ).toBe(200);
    expect(await placesLeft()).toBe(2);
    expect(
      (await call('/api/admin/applications/decisions', { ids: ids.slice(1), decision: 'accept' }, api.admin))
        .status,
    ).toBe(200);
    expect(await accepted()).toEqual({ list: 3, other: 0, review: 3 });
    expect(await placesLeft()).toBe(0);
    expect(
      (
        await call(
          `/api/admin/applications/${ids[0]}/shipment`,
          { carrier: 'UPS', trackingNumber: '1Z1' },
          api.admin,
        )
      ).status,
    ).toBe(200);
    expect((await call(`/api/admin/applications/${ids[0]}/delivered`, {}, api.admin)).status).toBe(200);
    const submitted = await call(
      `/api/applications/${ids[0]}/submissions`,
      { urls: ['https://www.instagram.com/p/counted'] },
      people[0]!.cookie,
    );
    expect(submitted.status).toBe(201);
    expect((await call(`/api/admin/submissions/${submitted.body.id}/approve`, {}, api.admin)).status).toBe(
      200,
    );
    expect(await accepted()).toEqual({ list: 3, other: 0, review: 3 });
    expect(await placesLeft()).toBe(0);
    // The box count is full: a fourth creator cannot apply.
    const late = await creator();
    const refused = await call(`/api/campaigns/${counted}/applications`, {}, late.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This campaign has all the creators it needs.');
  });

  it('closes uploads after the upload deadline, reminds 48 hours before, and marks missed work', async () => {
    const campaignId = await newCampaign({
      name: 'Paid Only',
      type: 'paid',
      deadline: '2026-06-12',
      followersRequired: 0,
    });
    const late = await creator();
    const punctual = await creator();
    const idLate = (await call(`/api/campaigns/${campaignId}/applications`, {}, late.cookie)).body
      .id as number;
    const idOnTime = (await call(`/api/campaigns/${campaignId}/applications`, {}, punctual.cookie)).body
      .id as number;
    await call(
      `/api/admin/applications/decisions`,
      { ids: [idLate, idOnTime], decision: 'accept' },
      api.admin,
    );
    // Paid-only: content right after acceptance.
    expect(
      (
        await call(
          `/api/applications/${idOnTime}/submissions`,
          { urls: ['https://instagram.com/reel/1'] },
          punctual.cookie,
        )
      ).status,
    ).toBe(201);

    const { sweepDeadlines } = await import('../services/applications/deadline-sweep');
    const ctx = { db: api.db, mailer, appUrl: 'http://localhost:3000', logger: silentLogger() };
    // Upload deadline: 2026-06-19, end of day UTC. 47 hours before it: remind (once).
    clock.now = new Date('2026-06-18T01:00:00Z');
    const before = mailer.sent.length;
    await sweepDeadlines(testServices({ ...ctx, now: () => clock.now }));
    await sweepDeadlines(testServices({ ...ctx, now: () => clock.now }));
    const reminders = mailer.sent.slice(before).filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders.map((m) => m.to)).toEqual([late.email]);

    clock.now = new Date('2026-06-20T00:00:01Z');
    const tooLate = await call(
      `/api/applications/${idLate}/submissions`,
      { urls: ['https://instagram.com/reel/2'] },
      late.cookie,
    );
    expect(tooLate).toEqual({
      status: 409,
      body: { error: 'The upload deadline for this campaign has passed.', code: 'CONFLICT' },
    });
    const swept = await sweepDeadlines(testServices({ ...ctx, now: () => clock.now }));
    expect(swept.missed).toBeGreaterThanOrEqual(1);
    const again = await sweepDeadlines(testServices({ ...ctx, now: () => clock.now }));
    expect(again.missed).toBe(0);
    const mine = (await (await getWithCookie(api.app, '/api/me/applications', late.cookie)).json()) as {
      items: Array<{ status: string }>;
    };
    expect(mine.items[0]?.status).toBe('missed');
    const theirs = (await (await getWithCookie(api.app, '/api/me/applications', punctual.cookie)).json()) as {
      items: Array<{ status: string }>;
    };
    expect(theirs.items[0]?.status).toBe('content_submitted');
    const [campaign] = await api.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign?.status).toBe('ended');
    clock.now = new Date('2026-06-10T12:00:00Z');
  });

  it('imports shipments from CSV, saving good rows and reporting bad ones', async () => {
    const campaignId = await newCampaign({ name: 'Bulk Boxes', followersRequired: 0 });
    const c1 = await creator();
    const c2 = await creator();
    const id1 = (await call(`/api/campaigns/${campaignId}/applications`, {}, c1.cookie)).body.id as number;
    const id2 = (await call(`/api/campaigns/${campaignId}/applications`, {}, c2.cookie)).body.id as number;
    await call(`/api/admin/applications/decisions`, { ids: [id1], decision: 'accept' }, api.admin);
    const csv = [
      'application_id,carrier,tracking_number',
      `${id1},USPS,9400100000000000000000`,
      `${id2},UPS,1Z1`,
      'abc,UPS,1Z2',
      `${id1},,123`,
      '999999,UPS,1Z3',
      `"${id1}","FedEx","7777"`,
    ].join('\n');
    const response = await api.app.request(`/api/admin/campaigns/${campaignId}/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', cookie: api.admin, origin: 'http://localhost:3000' },
      body: csv,
    });
    expect(response.status).toBe(200);
    const report = (await response.json()) as {
      imported: number;
      errors: Array<{ line: number; error: string }>;
    };
    expect(report.imported).toBe(2);
    expect(report.errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(report.errors[0]?.error).toMatch(/accepted creator/);
    expect(report.errors[1]?.error).toMatch(/application_id/);
    expect(report.errors[2]?.error).toMatch(/carrier/);
    expect(report.errors[3]?.error).toMatch(/not in this campaign/);
    const applicants = (await (
      await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/applications`, api.admin)
    ).json()) as {
      items: Array<{
        id: number;
        carrier: string | null;
        trackingNumber: string | null;
        creator: { tier: string };
      }>;
    };
    expect(applicants.items.find((a) => a.id === id1)).toMatchObject({
      carrier: 'FedEx',
      trackingNumber: '7777',
    });
    expect(applicants.items[0]?.creator.tier).toBe('Nano');
  });

  it('credits once under 20 concurrent approvals', async () => {
    const campaignId = await newCampaign({ name: 'Race', type: 'paid', reward: 25, followersRequired: 0 });
    const racer = await creator();
    const id = (await call(`/api/campaigns/${campaignId}/applications`, {}, racer.cookie)).body.id as number;
    await call(`/api/admin/applications/${id}/accept`, {}, api.admin);
    const submission = (
      await call(
        `/api/applications/${id}/submissions`,
        { urls: ['https://www.instagram.com/p/race'] },
        racer.cookie,
      )
    ).body.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(`/api/admin/submissions/${submission}/approve`, {}, api.admin)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await balanceOf(racer.cookie)).toBe(25);
    const entries = await api.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creatorId, racer.creatorId));
    expect(entries).toHaveLength(1);
  });

  it('never lets a balance go below zero', async () => {
    const spender = await creator();
    await api.db.transaction(async (tx) => {
      await postLedgerEntry(tx, {
        creatorId: spender.creatorId,
        amount: 30,
        kind: 'adjustment',
        reference: `t:${spender.creatorId}:1`,
        description: 'test credit',
        at: clock.now,
      });
    });
    await expect(
      api.db.transaction(async (tx) => {
        await postLedgerEntry(tx, {
          creatorId: spender.creatorId,
          amount: -31,
          kind: 'redemption',
          reference: `t:${spender.creatorId}:2`,
          description: 'too much',
          at: clock.now,
        });
      }),
    ).rejects.toThrow();
    const [balance] = await api.db
      .select()
      .from(mintBalances)
      .where(eq(mintBalances.creatorId, spender.creatorId));
    expect(balance?.balance).toBe(30);
    const sum = await api.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creatorId, spender.creatorId));
    expect(sum[0]?.total).toBe(30);
  });

  it('validates campaign forms and deletes only campaigns without applications', async () => {
    const bad = await adminPost('/api/admin/campaigns', {
      ...SERUM_LAUNCH_CAMPAIGN,
      name: '',
      budget: 'lots',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/Name is required/);
    const empty = await newCampaign({ name: 'Nobody Came' });
    const used = await newCampaign({ name: 'Somebody Came', followersRequired: 0 });
    const someone = await creator();
    await call(`/api/campaigns/${used}/applications`, {}, someone.cookie);
    const refused = await api.app.request(`/api/admin/campaigns/${used}`, {
      method: 'DELETE',
      headers: { cookie: api.admin, origin: 'http://localhost:3000' },
    });
    expect(refused.status).toBe(409);
    const deleted = await api.app.request(`/api/admin/campaigns/${empty}`, {
      method: 'DELETE',
      headers: { cookie: api.admin, origin: 'http://localhost:3000' },
    });
    expect(deleted.status).toBe(204);
    const ended = await api.app.request(`/api/admin/campaigns/${used}`, {
      method: 'PATCH',
      headers: { cookie: api.admin, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ status: 'ended' }),
    });
    expect(ended.status).toBe(200);
    // A partial edit changes only what it names.
    const [after] = await api.db.select().from(campaigns).where(eq(campaigns.id, used));
    expect(after).toMatchObject({
      status: 'ended',
      tags: ['Beauty'],
      requirements: ['One Reel', 'Tag us'],
      reach: 500000,
      followersRequired: 0,
    });
  });

  it('accepts image uploads by content, refuses other files and big ones', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]);
    const upload = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      return api.app.request('/api/admin/uploads', {
        method: 'POST',
        headers: { cookie: api.admin, origin: 'http://localhost:3000' },
        body: form,
      });
    };
    const ok = await upload(png, 'a.png');
    expect(ok.status).toBe(201);
    const { url } = (await ok.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
    const served = await api.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const fake = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'evil.png');
    expect(fake.status).toBe(400);
    const big = await upload(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
  });
});
