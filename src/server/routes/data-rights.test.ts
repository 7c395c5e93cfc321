import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertApplication, insertCampaign } from '../../../tests/support/factories';
import { balanceAndSum, giveMint } from '../../../tests/support/mint';
import { testServices } from '../../../tests/support/services';
import { w9Form } from '../../../tests/support/tax-forms';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { totpCode } from '../../../tests/support/totp';
import { enrolTwoFactor } from '../../../tests/support/two-factor';
import { applications } from '../../db/schema/applications';
import { accounts, sessions, users } from '../../db/schema/auth';
import { creators } from '../../db/schema/creators';
import { dataExports } from '../../db/schema/data-rights';
import { ledgerEntries } from '../../db/schema/ledger';
import { creatorProfiles, socialAccounts } from '../../db/schema/onboarding';
import { payouts } from '../../db/schema/payouts';
import type { AccountClosure, ClosurePreview, DataExportState } from '../../shared/schemas/data-rights';
import { closedAccountRefusal, DATA_RIGHTS_MESSAGES } from '../../shared/schemas/data-rights';
import type { PaymentsSummary } from '../../shared/schemas/payout';
import { anonymiseClosedAccounts } from '../services/data-rights/anonymise';
import { buildRequestedExports } from '../services/data-rights/data-export';

const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Issue 27, data rights: the data download (owner only, once, 24 hours), account closure and the 90-day anonymisation. */
describe.each(TEST_DRIVERS)('data rights on %s', (driver) => {
  // Sessions carry the wall clock's start time: the test clock starts at the real now.
  const start = new Date().toISOString();
  const clock = fakeClock(start);
  const mailer = captureMailer();
  const api = useAdminApp(driver, { mailer, paypal: null, now: () => clock.now });
  let n = 0;
  /** The creator confirms closing their account (the password, or a fresh sign-in, and giving up their Mint). */
  const closeAccount = (cookie: string, confirmation: Record<string, unknown>) =>
    postJson(api.app, '/api/me/account-closure', confirmation, cookie);
  const services = () => testServices({ db: api.db, mailer, now: () => clock.now, dataDir: api.env.dataDir });
  const creator = async () => {
    n += 1;
    return createReadyCreator(api.app, api.db, {
      email: `rights${n}-${driver}@example.com`,
      name: `Rights Person${n}`,
    });
  };
  const linkTokenFor = (email: string) => {
    const mail = [...mailer.sent]
      .reverse()
      .find((m) => m.to === email && m.subject.includes('data download'));
    const token = mail?.text.match(/\/data-export\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no data download link was mailed to ${email}`);
    return token;
  };
  const download = (cookie: string, token: string) =>
    postJson(api.app, '/api/me/data-export/download', { token }, cookie);

  it('builds the data file in a job and hands it out once, to its signed-in owner only', async () => {
    const owner = await creator();
    const other = await creator();
    // A tax form on file goes in the file as the creator reads it: the TIN masked.
    const filed = await api.app.request('/api/me/tax-form', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: owner.cookie },
      body: JSON.stringify(w9Form({ legalName: 'Data Owner' })),
    });
    expect(filed.status).toBe(200);
    const asked = await postJson(api.app, '/api/me/data-export', {}, owner.cookie);
    expect(asked.status).toBe(202);
    expect(((await asked.json()) as DataExportState).latest?.status).toBe('requested');
    const again = await postJson(api.app, '/api/me/data-export', {}, owner.cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(DATA_RIGHTS_MESSAGES.exportPending);

    expect((await buildRequestedExports(services())).built).toBe(1);
    const state = (await (
      await getWithCookie(api.app, '/api/me/data-export', owner.cookie)
    ).json()) as DataExportState;
    expect(state.latest?.status).toBe('ready');
    expect(state.latest?.expiresAt).toBe(new Date(clock.now.getTime() + DAY).toISOString());
    const token = linkTokenFor(owner.email);
    // Only the token's hash is stored, and the file sits in the private exports folder.
    const [row] = await api.db.select().from(dataExports).where(eq(dataExports.creatorId, owner.creatorId));
    expect(row!.tokenHash).not.toContain(token);
    expect(readdirSync(path.join(api.env.dataDir, 'exports'))).toContain(row!.fileName);

    expect((await download('', token)).status).toBe(401);
    const stranger = await download(other.cookie, token);
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: string }).error).toBe(DATA_RIGHTS_MESSAGES.linkUnknown);
    expect((await download(owner.cookie, 'not-a-real-token')).status).toBe(404);

    // The page behind the link asks what it stands for before offering the file (issue 41).
    const linkState = async (cookie: string) => {
      const answer = await postJson(api.app, '/api/me/data-export/link', { token }, cookie);
      return { status: answer.status, body: (await answer.json()) as { status?: string; error?: string } };
    };
    expect(await linkState(owner.cookie)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(await linkState(other.cookie)).toMatchObject({
      status: 404,
      body: { error: DATA_RIGHTS_MESSAGES.linkUnknown },
    });

    const file = await download(owner.cookie, token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="mintbox-data-');
    const text = await file.text();
    const content = JSON.parse(text) as { sections: string[]; data: Record<string, unknown[]> };
    expect(content.sections).toEqual(
      expect.arrayContaining([
        'profile',
        'applications',
        'ledger',
        'payouts',
        'notifications',
        'signInHistory',
      ]),
    );
    // The email the creator verified reads verified (issue 41).
    expect(content.data.account).toEqual([
      expect.objectContaining({ email: owner.email, emailVerified: true }),
    ]);
    expect(content.data.creator).toEqual([
      expect.objectContaining({ email: owner.email, emailVerified: true }),
    ]);
    expect(content.data.profile).toEqual([expect.objectContaining({ addressLine1: '1 Main St' })]);
    expect(content.data.signInHistory!.length).toBeGreaterThan(0);
    expect(content.data.taxForms).toEqual([
      expect.objectContaining({ type: 'w9', legalName: 'Data Owner', tinMasked: '***-**-6789' }),
    ]);
    expect(text).not.toContain('123-45-6789');
    expect(text).not.toContain('123456789');
    expect(content.data.reliability).toEqual([expect.objectContaining({ applications: expect.anything() })]);
    // No secrets: no password hash, no session token.
    const [session] = await api.db.select().from(sessions).where(eq(sessions.userId, row!.userId));
    expect(text).not.toContain(session!.token);
    expect(text).not.toMatch(/"password"|"token"/);

    const used = await download(owner.cookie, token);
    expect(used.status).toBe(410);
    expect(((await used.json()) as { error: string }).error).toBe(DATA_RIGHTS_MESSAGES.linkUsed);
    expect(await linkState(owner.cookie)).toMatchObject({ status: 200, body: { status: 'downloaded' } });
    expect(readdirSync(path.join(api.env.dataDir, 'exports'))).not.toContain(row!.fileName);
  });

  it('lets a link expire 24 hours after it was mailed', async () => {
    const owner = await creator();
    await postJson(api.app, '/api/me/data-export', {}, owner.cookie);
    await buildRequestedExports(services());
    const token = linkTokenFor(owner.email);
    clock.advance(DAY);
    const late = await download(owner.cookie, token);
    expect(late.status).toBe(410);
    expect(((await late.json()) as { error: string }).error).toBe(DATA_RIGHTS_MESSAGES.linkExpired);
    const state = (await (
      await getWithCookie(api.app, '/api/me/data-export', owner.cookie)
    ).json()) as DataExportState;
    expect(state.latest?.status).toBe('expired');
    // The job retires it and deletes the file; a new request works.
    expect((await buildRequestedExports(services())).expired).toBeGreaterThanOrEqual(1);
    expect((await postJson(api.app, '/api/me/data-export', {}, owner.cookie)).status).toBe(202);
  });

  it('closes an account: password, applications withdrawn, balance given up in the ledger, sessions ended, sign-in refused', async () => {
    const closing = await creator();
    const campaign = await insertCampaign(api.db);
    const [creatorRow] = await api.db.select().from(creators).where(eq(creators.id, closing.creatorId));
    const open = await insertApplication(api.db, {
      status: 'applied',
      campaign,
      creator: creatorRow!,
    });
    const accepted = await insertApplication(api.db, { status: 'accepted', creator: creatorRow! });
    await giveMint(api.db, closing.creatorId, 120);

    const preview = (await (
      await getWithCookie(api.app, '/api/me/account-closure', closing.cookie)
    ).json()) as ClosurePreview;
    expect(preview).toMatchObject({
      balance: 120,
      openApplications: 1,
      activeApplications: 1,
      hasPassword: true,
      minimumRedemption: 50,
    });

    const noPassword = await closeAccount(closing.cookie, { giveUpMint: true });
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as { error: string }).error).toBe(DATA_RIGHTS_MESSAGES.passwordNeeded);
    const wrong = await closeAccount(closing.cookie, { password: 'nope nope', giveUpMint: true });
    expect(wrong.status).toBe(403);
    const keepMint = await closeAccount(closing.cookie, { password: PASSWORD });
    expect(keepMint.status).toBe(400);
    expect(((await keepMint.json()) as { error: string }).error).toBe(DATA_RIGHTS_MESSAGES.confirmGiveUp);

    const closed = await closeAccount(closing.cookie, { password: PASSWORD, giveUpMint: true });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ mintGivenUp: 120, applicationsWithdrawn: 2 });

    const statusOf = async (id: number) =>
      (await api.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]!
        .s;
    expect(await statusOf(open.application.id)).toBe('withdrawn');
    // Accepted and not over: it ends with the account too (decision 0028, amended 2026-11-26).
    expect(await statusOf(accepted.application.id)).toBe('withdrawn');
    expect(await balanceAndSum(api.db, closing.creatorId)).toEqual({ balance: 0, sum: 0 });
    expect(mailer.sent.at(-1)).toMatchObject({
      to: closing.email,
      subject: 'Your Mintbox account is closed',
    });

    expect((await getWithCookie(api.app, '/api/me', closing.cookie)).status).toBe(401);
    const signIn = await postJson(api.app, '/api/auth/sign-in/email', {
      email: closing.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { message: string }).message).toBe(DATA_RIGHTS_MESSAGES.closedSignIn);
  });

  it('credits no Mint to a closed account: its accepted work ends with it, approving or adjusting is refused', async () => {
    const closing = await creator();
    const [creatorRow] = await api.db.select().from(creators).where(eq(creators.id, closing.creatorId));
    const paid = await insertCampaign(api.db, { type: 'paid', reward: 75 });
    // Content waiting for review (a reward would follow its approval), and a box on its way.
    const inReview = await insertApplication(api.db, {
      status: 'content_submitted',
      campaign: paid,
      creator: creatorRow!,
    });
    const shipped = await insertApplication(api.db, { status: 'shipped', creator: creatorRow! });
    const preview = (await (
      await getWithCookie(api.app, '/api/me/account-closure', closing.cookie)
    ).json()) as ClosurePreview;
    expect(preview).toMatchObject({ balance: 0, openApplications: 0, activeApplications: 2 });
    const closed = await closeAccount(closing.cookie, { password: PASSWORD });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ mintGivenUp: 0, applicationsWithdrawn: 2 });
    const entriesBefore = await api.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creatorId, closing.creatorId));

    const closedOn = clock.now.toISOString().slice(0, 10);
    const approve = await postJson(
      api.app,
      `/api/admin/submissions/${inReview.submission!.id}/approve`,
      {},
      api.admin,
    );
    expect(approve.status).toBe(409);
    expect(((await approve.json()) as { error: string }).error).toBe(
      closedAccountRefusal(creatorRow!.name, closedOn, 'review'),
    );
    const changes = await postJson(
      api.app,
      `/api/admin/submissions/${inReview.submission!.id}/request-changes`,
      { message: 'Please show the label.' },
      api.admin,
    );
    expect(changes.status).toBe(409);
    for (const amount of [40, -1]) {
      const adjust = await postJson(
        api.app,
        `/api/admin/influencers/${closing.creatorId}/adjustments`,
        { amount, reason: 'Bonus for the launch video' },
        api.admin,
      );
      expect(adjust.status, String(amount)).toBe(409);
      expect(((await adjust.json()) as { error: string }).error).toBe(
        closedAccountRefusal(creatorRow!.name, closedOn, 'adjust'),
      );
    }
    // The admins' creator list says the account is closed, so Adjust Mint can leave it out (issue 41).
    const listed = (await (
      await getWithCookie(
        api.app,
        `/api/admin/influencers?q=${encodeURIComponent(creatorRow!.email)}`,
        api.admin,
      )
    ).json()) as { items: Array<{ id: number; closedAt: string | null }> };
    expect(listed.items.find((item) => item.id === closing.creatorId)?.closedAt).toBe(
      clock.now.toISOString(),
    );
    const stillOpen = await creator();
    const openListed = (await (
      await getWithCookie(
        api.app,
        `/api/admin/influencers?q=${encodeURIComponent(stillOpen.email)}`,
        api.admin,
      )
    ).json()) as { items: Array<{ id: number; closedAt: string | null }> };
    expect(openListed.items.find((item) => item.id === stillOpen.creatorId)?.closedAt).toBeNull();
    // The box on its way can no longer be marked delivered (the table has no move from withdrawn).
    const delivered = await postJson(
      api.app,
      `/api/admin/applications/${shipped.application.id}/delivered`,
      {},
      api.admin,
    );
    expect(delivered.status).toBe(409);

    expect(await balanceAndSum(api.db, closing.creatorId)).toEqual({ balance: 0, sum: 0 });
    expect(
      await api.db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.creatorId, closing.creatorId)),
    ).toEqual(entriesBefore);
    // The admin's applicant card says why the application ended.
    const card = (
      (await (
        await getWithCookie(api.app, `/api/admin/campaigns/${paid.id}/applications`, api.admin)
      ).json()) as {
        items: Array<{ id: number; status: string; creator: { accountClosedAt: string | null } }>;
      }
    ).items.find((a) => a.id === inReview.application.id);
    expect(card).toMatchObject({
      status: 'withdrawn',
      creator: { accountClosedAt: clock.now.toISOString() },
    });
  });

  it('a redemption racing the closure: every Mint is paid out or given up, never both, never neither', async () => {
    const racer = await creator();
    await giveMint(api.db, racer.creatorId, 120);
    const [closed, redeemed] = await Promise.all([
      closeAccount(racer.cookie, { password: PASSWORD, giveUpMint: true }),
      postJson(api.app, '/api/me/payouts', { amount: 50 }, racer.cookie, {
        'idempotency-key': `race-${driver}`,
      }),
    ]);
    expect(closed.status).toBe(200);
    const { mintGivenUp } = (await closed.json()) as { mintGivenUp: number };
    const requested = await api.db.select().from(payouts).where(eq(payouts.creatorId, racer.creatorId));
    const inPayout = requested.reduce((sum, payout) => sum + payout.amount, 0);
    expect(inPayout).toBe(redeemed.ok ? 50 : 0);
    expect(mintGivenUp + inPayout).toBe(120);
    expect(await balanceAndSum(api.db, racer.creatorId)).toEqual({ balance: 0, sum: 0 });
  });

  it('asks a creator with two factors for a fresh second factor to close the account, as the download does', async () => {
    // Issue 42, item 4: the password alone closed it while the second factor was 10 minutes old.
    const closing = await creator();
    clock.set(new Date().toISOString());
    const { secret, cookie } = await enrolTwoFactor(api.app, closing.cookie, PASSWORD);
    clock.advance(11 * 60_000);
    const stale = await closeAccount(cookie, { password: PASSWORD });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await getWithCookie(api.app, '/api/me', cookie)).status).toBe(200);
    const stepUp = await postJson(api.app, '/api/auth/step-up', { code: totpCode(secret) }, cookie);
    expect(stepUp.status).toBe(200);
    const closed = await closeAccount(cookie, { password: PASSWORD });
    expect(closed.status).toBe(200);
    expect((await getWithCookie(api.app, '/api/me', cookie)).status).toBe(401);
    clock.set(new Date().toISOString());
  });

  it('asks an account without a password for a sign-in from the last 10 minutes', async () => {
    const social = await creator();
    const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, social.email));
    await api.db.delete(accounts).where(eq(accounts.userId, row!.id));
    // The session started at the wall clock's now.
    clock.set(new Date().toISOString());
    clock.advance(11 * 60_000);
    const stale = await closeAccount(social.cookie, {});
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { error: string }).error).toBe(DATA_RIGHTS_MESSAGES.freshSignInNeeded);
    clock.advance(-11 * 60_000);
    const fresh = await closeAccount(social.cookie, {});
    expect(fresh.status).toBe(200);
  });

  it('anonymises a closed account after 90 days, keeping the money records and the reports', async () => {
    const person = await creator();
    await giveMint(api.db, person.creatorId, 80);
    await api.db.insert(payouts).values({
      creatorId: person.creatorId,
      amount: 60,
      paypalEmail: 'paypal@example.com',
      status: 'completed',
      expectedBy: '2026-01-10',
      idempotencyKey: `anon-${driver}`,
      requestHash: 'x',
      completedAt: clock.now,
    });
    // An admin session lasts 12 hours from its real start: admin reads happen at the test's first instant.
    const adminRead = async (url: string) => {
      const at = clock.now;
      clock.set(start);
      try {
        return (await getWithCookie(api.app, url, api.admin)).json();
      } finally {
        clock.now = at;
      }
    };
    const summary = async () => (await adminRead('/api/admin/payments/summary')) as PaymentsSummary;
    const reportBefore = await summary();
    expect(reportBefore.counts.completed).toBeGreaterThanOrEqual(1);
    const closed = await closeAccount(person.cookie, { password: PASSWORD, giveUpMint: true });
    expect(closed.status).toBe(200);
    const moneyBefore = await balanceAndSum(api.db, person.creatorId);

    clock.advance(89 * DAY);
    expect((await anonymiseClosedAccounts(services())).anonymised).toBe(0);
    const pending = (await adminRead('/api/admin/account-closures?state=pending')) as {
      items: AccountClosure[];
    };
    expect(pending.items.find((c) => c.creatorId === person.creatorId)?.name).toBe(`Rights Person${n}`);

    clock.advance(DAY);
    expect((await anonymiseClosedAccounts(services())).anonymised).toBeGreaterThanOrEqual(1);
    const anonymisedAt = clock.now.toISOString();
    expect((await anonymiseClosedAccounts(services())).anonymised).toBe(0);

    // The raw rows: nothing that names the person is left.
    const [row] = await api.db.select().from(creators).where(eq(creators.id, person.creatorId));
    const [profile] = await api.db
      .select()
      .from(creatorProfiles)
      .where(eq(creatorProfiles.creatorId, person.creatorId));
    const raw = JSON.stringify({ row, profile });
    for (const personal of [
      person.email,
      `Rights Person${n}`,
      '1 Main St',
      '4155550134',
      'paypal@example.com',
      'ready',
    ]) {
      expect(raw).not.toContain(personal);
    }
    expect(row!.authUserId).toBeNull();
    expect(await api.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
    expect(
      await api.db.select().from(socialAccounts).where(eq(socialAccounts.creatorId, person.creatorId)),
    ).toEqual([]);
    const [payout] = await api.db.select().from(payouts).where(eq(payouts.creatorId, person.creatorId));
    expect(payout).toMatchObject({ amount: 60, status: 'completed' });
    expect(payout!.paypalEmail).not.toContain('paypal@example.com');

    // Money and reports add up as before.
    expect(await balanceAndSum(api.db, person.creatorId)).toEqual(moneyBefore);
    const reportAfter = await summary();
    expect(reportAfter.completed).toEqual(reportBefore.completed);
    expect(reportAfter.counts.completed).toBe(reportBefore.counts.completed);

    const list = (await adminRead('/api/admin/account-closures?state=anonymised')) as {
      items: AccountClosure[];
    };
    const entry = list.items.find((c) => c.creatorId === person.creatorId);
    expect(entry).toMatchObject({ name: null, mintGivenUp: 80, anonymisedAt });
    expect((await getWithCookie(api.app, '/api/admin/account-closures', person.cookie)).status).toBe(401);
  });

  it('lists the closed accounts a page at a time, newest first, each once', async () => {
    const adminRead = async (url: string) => {
      const at = clock.now;
      clock.set(start);
      try {
        const response = await getWithCookie(api.app, url, api.admin);
        return {
          status: response.status,
          body: (await response.json()) as {
            items: AccountClosure[];
            nextCursor: string | null;
            error?: string;
          },
        };
      } finally {
        clock.now = at;
      }
    };
    const mine: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      // The last two close at the same instant: the newer id comes first.
      if (i < 2) clock.advance(HOUR);
      const person = await creator();
      const closed = await closeAccount(person.cookie, { password: PASSWORD });
      expect(closed.status).toBe(200);
      mine.push(person.creatorId);
    }
    const seen: AccountClosure[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await adminRead(
        `/api/admin/account-closures?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      sizes.push(page.body.items.length);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor && sizes.length < 20);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.slice(0, -1).every((size) => size === 2)).toBe(true);
    const ids = seen.map((c) => c.creatorId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 3)).toEqual([mine[2], mine[1], mine[0]]);
    const order = [...seen].sort((a, b) => b.closedAt.localeCompare(a.closedAt) || b.creatorId - a.creatorId);
    expect(seen).toEqual(order);
    const all = await adminRead('/api/admin/account-closures?limit=100');
    expect(all.body.items.map((c) => c.creatorId)).toEqual(ids);
    expect(all.body.nextCursor).toBeNull();

    const bad = await adminRead('/api/admin/account-closures?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('cursor is not valid: load the first page again');
  });
});
