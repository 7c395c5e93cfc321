import { mkdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { applications, submissions } from '../../src/db/schema/applications';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { creatorProfiles } from '../../src/db/schema/onboarding';
import { payouts } from '../../src/db/schema/payouts';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { payoutExpectedBy } from '../../src/shared/business-days';
import { formatIsoDate } from '../../src/shared/dates';
import { formatUtcInstant, paypalChangeHold, paypalHoldMessage } from '../../src/shared/paypal-hold';
import type { PaymentsSummary, TransactionRow } from '../../src/shared/schemas/payout';
import { signInAdminThroughForm } from '../support/admin-browser-sign-in';
import { postJson, signInAdmin } from '../support/auth-client';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator, READY_PROFILE } from '../support/creators';
import { parseCsv } from '../support/csv';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { balanceAndSum } from '../support/mint';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'rosa@example.com', name: 'Rosa Vega', password: 'correct horse battery' };
/** Set PAYOUT_SCREENSHOTS=/some/dir to keep 1280 px and 375 px screenshots of the wallet and the payments page. */
const SHOTS = process.env.PAYOUT_SCREENSHOTS;

describe('wallet and payouts in the browser: redeem, process by hand, fail, export', () => {
  let server: E2EServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let creatorContext: BrowserContext;
  let adminContext: BrowserContext;
  let creator: Page;
  let admin: Page;
  let apiAdmin: string;
  let api: ReturnType<typeof createTestApp>;
  let creatorId: number;
  const submissionIds: number[] = [];

  /** Content awaiting review for a paid campaign (the admin approves it later). */
  async function submittedContent(db: Database, name: string, reward: number) {
    const campaign = await insertCampaign(db, { name, reward, type: 'paid', status: 'active' });
    const [application] = await db
      .insert(applications)
      .values({ campaignId: campaign.id, creatorId, status: 'content_submitted' })
      .returning();
    const [submission] = await db
      .insert(submissions)
      .values({ applicationId: application!.id, urls: ['https://www.instagram.com/p/rosa1/'] })
      .returning();
    return submission!.id;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    api = createTestApp(server.db);
    const made = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    creatorId = made.creatorId;
    apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
    // An approved reward of 80 Mint (approved through the admin API, as the lifecycle does it) ...
    submissionIds.push(await submittedContent(server.db, 'Glow Serum', 80));
    const approved = await postJson(api, `/api/admin/submissions/${submissionIds[0]}/approve`, {}, apiAdmin);
    expect(approved.status).toBe(200);
    // ... and 25 Mint on its way: content in review.
    submissionIds.push(await submittedContent(server.db, 'Summer Sandals', 25));

    browser = await launchBrowser();
    creatorContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    adminContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    creator = await creatorContext.newPage();
    admin = await adminContext.newPage();
    creator.setDefaultTimeout(15_000);
    admin.setDefaultTimeout(15_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  /** What 'Payment Secure' claims to sum, from the payout and ledger records (month in UTC). */
  async function paymentsFromRecords(db: Database) {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const all = await db.select().from(payouts);
    const entries = await db.select().from(ledgerEntries);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const paid = all.filter((p) => p.status === 'completed');
    return {
      thisMonth: sum(paid.filter((p) => p.completedAt! >= monthStart).map((p) => p.amount)),
      pending: sum(
        all.filter((p) => p.status === 'pending' || p.status === 'processing').map((p) => p.amount),
      ),
      completed: sum(paid.map((p) => p.amount)),
      credited: sum(
        entries
          .filter(
            (e) =>
              (e.kind === 'reward' || (e.kind === 'adjustment' && e.amount > 0)) && e.createdAt >= monthStart,
          )
          .map((e) => e.amount),
      ),
    };
  }

  async function walletFigures() {
    return {
      available: await textOf(creator.getByTestId('wallet-available')),
      onItsWay: await textOf(creator.getByTestId('wallet-on-its-way')),
      inPayout: await textOf(creator.getByTestId('wallet-in-payout')),
      earned: await textOf(creator.getByTestId('wallet-total-earned')),
    };
  }

  async function redeem(amount: string) {
    await creator.getByTestId('wallet-card').getByRole('button', { name: 'Redeem Mint' }).click();
    const dialog = creator.getByTestId('redeem-dialog');
    await dialog.getByLabel('Amount (Mint)').fill(amount);
    await dialog.getByRole('button', { name: 'Review' }).click();
    return dialog;
  }

  it('a creator redeems 50 Mint and sees the payout with its paid-by date', async () => {
    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/dashboard`);

    // The wallet on Overview: the approved reward is available, the content in review is on its way.
    await expect.poll(() => textOf(creator.getByTestId('wallet-available'))).toBe('80 Mint');
    expect(await walletFigures()).toEqual({
      available: '80 Mint',
      onItsWay: '25 Mint',
      inPayout: '0 Mint',
      earned: '80 Mint',
    });
    expect(await textOf(creator.getByTestId('stat-mint-balance'))).toBe('80 Mint');
    await screenshotWidths(creator, SHOTS, 'wallet-overview');

    // Below the minimum: the form says so.
    const dialog = await redeem('49');
    await expect.poll(() => textOf(dialog)).toContain('The minimum redemption is 50 Mint.');
    expect(await textOf(dialog.getByTestId('redeem-paypal'))).toBe(READY_PROFILE.paypalEmail);
    expect(await dialog.getByRole('link', { name: 'Change' }).getAttribute('href')).toBe('/profile');
    await dialog.getByLabel('Amount (Mint)').fill('50');
    await dialog.getByRole('button', { name: 'Review' }).click();
    // The confirmation: amount, PayPal address and paid-by date (the 7th business day from today).
    const expectedBy = formatIsoDate(payoutExpectedBy(new Date()));
    await expect.poll(() => textOf(dialog.getByTestId('redeem-summary'))).toContain('50 Mint');
    const summary = await textOf(dialog.getByTestId('redeem-summary'));
    expect(summary).toContain(READY_PROFILE.paypalEmail);
    expect(await textOf(dialog.getByTestId('redeem-paid-by'))).toBe(expectedBy);
    expect(await textOf(dialog)).toContain('5-7 business days');
    expect(await seriousAxeViolations(creator)).toEqual([]);
    await screenshotWidths(creator, SHOTS, 'redeem-confirm');
    await dialog.getByRole('button', { name: 'Confirm redemption' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => textOf(creator.getByTestId('wallet-available'))).toBe('30 Mint');
    expect(await textOf(creator.getByTestId('wallet-in-payout'))).toBe('50 Mint');

    // The Wallet tab: the payout with its clock.
    await creator.getByRole('button', { name: 'Payouts and history' }).click();
    await expect.poll(() => new URL(creator.url()).searchParams.get('tab')).toBe('wallet');
    const payout = creator.getByTestId('payout').first();
    await expect.poll(() => payout.getAttribute('data-payout-status')).toBe('pending');
    expect(await textOf(payout.getByTestId('payout-amount'))).toBe('50 Mint');
    expect(await textOf(payout.getByTestId('payout-paid-by'))).toBe(expectedBy);
    expect(await textOf(payout.getByTestId('payout-waiting'))).toMatch(/less than a minute|1 minute/);
    expect(await payout.locator('[data-status]').getAttribute('data-status')).toBe('pending');
    expect(await textOf(payout.locator('[data-status]'))).toBe('Pending');
    await expect.poll(() => creator.getByTestId('wallet-entry').count()).toBe(2);
    expect(await textOf(creator.getByTestId('wallet-history'))).toContain('Reward for Glow Serum');

    // The figures on screen are the records'.
    expect(await balanceAndSum(server.db, creatorId)).toEqual({ balance: 30, sum: 30 });
    const [row] = await server.db.select().from(payouts).where(eq(payouts.creatorId, creatorId));
    expect(row).toMatchObject({ amount: 50, status: 'pending', expectedBy: payoutExpectedBy(new Date()) });

    // The mail with the paid-by date.
    const mail = await smtp.waitForMail(CREATOR.email);
    expect(mail.subject).toBe('Redemption requested: 50 Mint to PayPal');
    expect(mail.text).toContain(expectedBy);

    // A second reward is approved; the creator redeems 50 again (this one will fail).
    expect(
      (await postJson(api, `/api/admin/submissions/${submissionIds[1]}/approve`, {}, apiAdmin)).status,
    ).toBe(200);
    await creator.reload();
    await expect.poll(() => textOf(creator.getByTestId('wallet-available'))).toBe('55 Mint');
    expect(await textOf(creator.getByTestId('wallet-on-its-way'))).toBe('0 Mint');
    const again = await redeem('50');
    await again.getByRole('button', { name: 'Confirm redemption' }).click();
    await expect.poll(() => again.count()).toBe(0);
    await expect.poll(() => creator.getByTestId('payout').count()).toBe(2);
    await expect.poll(() => textOf(creator.getByTestId('wallet-in-payout'))).toBe('100 Mint');
    expect(await textOf(creator.getByTestId('wallet-available'))).toBe('5 Mint');
    await smtp.waitForMail(CREATOR.email);
    await screenshotWidths(creator, SHOTS, 'wallet-requested');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
  }, 120_000);

  it('the admin processes the first by hand, marks the second failed, and exports the table', async () => {
    const [first, second] = await server.db
      .select()
      .from(payouts)
      .where(eq(payouts.creatorId, creatorId))
      .orderBy(payouts.id);

    await signInAdminThroughForm(admin, server.url, ADMIN);
    await admin.getByRole('link', { name: 'Payments' }).first().click();
    await admin.waitForURL(`${server.url}/admin/payments`);
    await expect.poll(() => textOf(admin.locator('h1'))).toBe('Payments & Transactions');
    const rows = admin.getByTestId('transaction-row');
    await expect.poll(() => rows.count()).toBe(4);
    // Spec §2 texts, word for word.
    for (const words of ['Payment Secure', 'This Month', 'Brand Package', 'Quick Actions']) {
      expect(await admin.getByText(words, { exact: true }).count(), words).toBeGreaterThan(0);
    }
    for (const name of ['View Details', 'Process Payment', 'Payment Settings']) {
      expect(await admin.getByRole('button', { name: new RegExp(`^${name}`) }).count(), name).toBe(1);
    }
    expect(await admin.getByRole('link', { name: /^Export Report/ }).count()).toBe(1);
    const headers = await admin.locator('thead th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual([
      'Select',
      'Date',
      'Influencer',
      'Campaign',
      'Amount',
      'Status',
      'Actions',
    ]);
    // Newest first: the second payout, the second reward, the first payout, the first reward.
    const secondRow = rows.nth(0);
    expect(await textOf(secondRow.getByTestId('cell-campaign'))).toBe(`PayPal payout #${second!.id}`);
    expect(await textOf(secondRow.getByTestId('cell-influencer-name'))).toBe(CREATOR.name);
    expect(await textOf(secondRow.getByTestId('cell-amount'))).toBe('$50');
    // The campaign's name, not 'Campaign #12'.
    expect(await textOf(rows.nth(1).getByTestId('cell-campaign'))).toBe('Summer Sandals');
    expect(await textOf(rows.nth(1).getByTestId('cell-amount'))).toBe('$25');

    // The totals on screen are the records': payouts (cash) only, the Mint credited this month beneath.
    const summary = (await (
      await api.request('/api/admin/payments/summary', { headers: { cookie: apiAdmin } })
    ).json()) as PaymentsSummary;
    const fromRecords = await paymentsFromRecords(server.db);
    // Two payouts of 50 requested, none paid; 80 + 25 Mint credited by the two approvals.
    expect(fromRecords).toEqual({ thisMonth: 0, pending: 100, completed: 0, credited: 105 });
    await expect.poll(() => textOf(admin.getByTestId('total-pending'))).toBe(`$${fromRecords.pending}`);
    expect(summary.pending).toBe('100.00');
    expect(await textOf(admin.getByTestId('total-completed'))).toBe(`$${fromRecords.completed}`);
    expect(await textOf(admin.getByTestId('total-this-month'))).toBe(`$${fromRecords.thisMonth}`);
    expect(await textOf(admin.getByTestId('total-credited-this-month'))).toBe(`${fromRecords.credited} Mint`);
    expect(await textOf(admin.getByTestId('brand-credited'))).toBe('$105');
    expect(await textOf(admin.getByTestId('brand-owed'))).toBe('$105');
    expect(await textOf(admin.getByTestId('brand-paid-out'))).toBe('$0');
    await admin.getByRole('button', { name: 'Payment Settings' }).click();
    const settings = admin.getByTestId('settings-dialog');
    expect(await textOf(settings.getByTestId('settings-mode'))).toBe('Manual (paid by hand)');
    expect(await textOf(settings.getByTestId('settings-environment'))).toBe('Sandbox (test money)');
    expect(await textOf(settings.getByTestId('settings-minimum'))).toBe('50 Mint');
    await settings.getByRole('button', { name: 'Close' }).first().click();
    await screenshotWidths(admin, SHOTS, 'payments-pending');
    expect(await phoneScrollWidth(admin)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // Process Payment, by hand: tick the first payout, start it, pay it, record the reference.
    const firstRow = rows.filter({ hasText: `PayPal payout #${first!.id}` });
    await firstRow.getByRole('checkbox').check();
    await admin.getByRole('button', { name: /^Process Payment/ }).click();
    const process = admin.getByTestId('process-dialog');
    await expect.poll(() => textOf(process)).toContain('PayPal is not configured on this server');
    expect(await process.getByRole('radio', { name: /Pay through PayPal/ }).isDisabled()).toBe(true);
    await process.getByRole('button', { name: 'Start 1 payout ($50)' }).click();
    const manual = process.getByTestId('manual-payment');
    await expect.poll(() => manual.count()).toBe(1);
    expect(await textOf(manual)).toContain(`Send $50 to ${READY_PROFILE.paypalEmail}`);
    await manual.getByLabel('PayPal transaction id or reference').fill('7PK94856XT123456A');
    await manual.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => textOf(manual)).toContain('Paid · 7PK94856XT123456A');
    await process.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => textOf(firstRow.getByTestId('cell-status'))).toBe('Completed');

    // The second payout fails: its details, a reason, and the Mint goes back.
    const secondPayout = rows.filter({ hasText: `PayPal payout #${second!.id}` });
    await secondPayout.getByRole('button', { name: `Details of PayPal payout #${second!.id}` }).click();
    const details = admin.getByTestId('payout-dialog');
    await details
      .getByLabel('Why it failed (the creator is told; the Mint goes back)')
      .fill('The PayPal account is closed.');
    await details.getByRole('button', { name: 'Mark failed' }).click();
    await expect.poll(() => textOf(details.getByTestId('payout-history'))).toContain('Marked failed');
    const history = await textOf(details.getByTestId('payout-history'));
    expect(history).toContain('Admin <ops@mintbox.test>');
    expect(history).toContain('Requested');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => textOf(secondPayout.getByTestId('cell-status'))).toBe('Failed');
    await expect.poll(() => textOf(admin.getByTestId('total-pending'))).toBe('$0');
    const paidFigures = await paymentsFromRecords(server.db);
    // One payout of 50 paid this month, the other failed; the credits are unchanged.
    expect(paidFigures).toEqual({ thisMonth: 50, pending: 0, completed: 50, credited: 105 });
    expect(await textOf(admin.getByTestId('total-this-month'))).toBe(`$${paidFigures.thisMonth}`);
    expect(await textOf(admin.getByTestId('total-completed'))).toBe(`$${paidFigures.completed}`);
    expect(await textOf(admin.getByTestId('total-credited-this-month'))).toBe(`${paidFigures.credited} Mint`);
    expect(await textOf(admin.getByTestId('brand-paid-out'))).toBe('$50');
    expect(await textOf(admin.getByTestId('brand-owed'))).toBe('$55');
    expect(await balanceAndSum(server.db, creatorId)).toEqual({ balance: 55, sum: 55 });
    await screenshotWidths(admin, SHOTS, 'payments-processed');

    // Export Report: a CSV whose rows are the table's.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: /^Export Report/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mintbox-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync((await download.path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(file.subarray(3).toString('utf8'));
    expect(csv[0]).toEqual([
      'Date (UTC)',
      'Influencer',
      'Username',
      'Campaign',
      'Amount (USD)',
      'Status',
      'Kind',
      'Transaction ID',
    ]);
    const onScreen = [];
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      onScreen.push([
        await textOf(row.getByTestId('cell-influencer-name')),
        (await textOf(row.getByTestId('cell-influencer-username'))).replace(/^@/, ''),
        await textOf(row.getByTestId('cell-campaign')),
        (await textOf(row.getByTestId('cell-amount'))).replace(/[$,]/g, ''),
        (await textOf(row.locator('[data-status]'))).toLowerCase(),
        await row.getAttribute('data-transaction-id'),
      ]);
    }
    expect(csv.slice(1).map((r) => [r[1], r[2], r[3], String(Number(r[4])), r[5], r[7]])).toEqual(onScreen);
    const listed = (await (
      await api.request('/api/admin/transactions', { headers: { cookie: apiAdmin } })
    ).json()) as {
      items: TransactionRow[];
    };
    expect(csv.length - 1).toBe(listed.items.length);
  }, 120_000);

  it('the creator sees the paid payout and the failed one with its Mint back, and got both mails', async () => {
    await creator.goto(`${server.url}/dashboard?tab=wallet`);
    const items = creator.getByTestId('payout');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.nth(1).getAttribute('data-payout-status')).toBe('completed');
    expect(await textOf(items.nth(1))).toContain('PayPal transaction id: 7PK94856XT123456A');
    expect(await items.nth(1).locator('[data-status]').getAttribute('class')).toContain('bg-green-100');
    expect(await items.nth(0).getAttribute('data-payout-status')).toBe('failed');
    expect(await textOf(items.nth(0).getByTestId('payout-reason'))).toBe(
      'The PayPal account is closed. The 50 Mint are back in your wallet.',
    );
    expect(await items.nth(0).locator('[data-status]').getAttribute('class')).toContain('bg-red-100');
    expect(await walletFigures()).toEqual({
      available: '55 Mint',
      onItsWay: '0 Mint',
      inPayout: '0 Mint',
      earned: '105 Mint',
    });
    const paid = await smtp.waitForMail(CREATOR.email);
    expect(paid.subject).toBe('Paid: $50.00 sent to your PayPal');
    expect(paid.text).toContain('PayPal transaction id: 7PK94856XT123456A');
    const failed = await smtp.waitForMail(CREATOR.email);
    expect(failed.subject).toBe('Payout failed: 50 Mint are back in your wallet');
    expect(failed.text).toContain('Reason: The PayPal account is closed.');
    await screenshotWidths(creator, SHOTS, 'wallet-settled');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(creator)).toEqual([]);
  }, 60_000);

  it('the admin credits Mint with a reason; it shows in both histories', async () => {
    await admin.goto(`${server.url}/admin/payments`);
    await admin.getByRole('button', { name: /^Adjust Mint/ }).click();
    const dialog = admin.getByTestId('adjust-dialog');
    await dialog.getByLabel('Creator').fill('rosa');
    await dialog.getByRole('button', { name: new RegExp(CREATOR.name) }).click();
    await dialog.getByLabel('Mint (negative to debit)').fill('-60');
    await dialog.getByLabel('Reason').fill('Duplicate reward');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    // 55 Mint cannot be debited by 60.
    await expect.poll(() => textOf(dialog)).toContain('a debit of 60 Mint would take the balance below zero');
    await dialog.getByLabel('Mint (negative to debit)').fill('15');
    await dialog.getByLabel('Reason').fill('Bonus for a great video');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const row = admin.getByTestId('transaction-row').first();
    await expect
      .poll(() => textOf(row.getByTestId('cell-campaign')))
      .toBe('Adjustment: Bonus for a great video');
    expect(await textOf(row.getByTestId('cell-amount'))).toBe('$15');
    expect(await balanceAndSum(server.db, creatorId)).toEqual({ balance: 70, sum: 70 });
    await creator.goto(`${server.url}/dashboard?tab=wallet`);
    await expect.poll(() => textOf(creator.getByTestId('wallet-available'))).toBe('70 Mint');
    expect(await textOf(creator.getByTestId('wallet-entry').first())).toContain(
      'Adjustment: Bonus for a great video',
    );
  }, 60_000);

  it('after a PayPal change the wallet says cash-outs wait 24 hours, until when, and Redeem Mint is off', async () => {
    // The change, on the profile page with the password.
    await creator.goto(`${server.url}/profile`);
    const paypalField = creator.getByLabel('PayPal Email');
    await expect.poll(() => paypalField.inputValue()).toBe(READY_PROFILE.paypalEmail);
    await paypalField.fill('rosa.new@example.com');
    await creator.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = creator.getByRole('dialog');
    await expect.poll(() => textOf(confirm)).toContain('cash-outs pause for 24 hours');
    await confirm.getByLabel('Current password').fill(CREATOR.password);
    await confirm.getByRole('button', { name: 'Confirm and Save' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    const [profile] = await server.db
      .select()
      .from(creatorProfiles)
      .where(eq(creatorProfiles.creatorId, creatorId));
    expect(profile?.paypalEmail).toBe('rosa.new@example.com');
    const hold = paypalChangeHold(profile!.paypalEmailChangedAt, new Date())!;
    expect(hold).not.toBeNull();

    // The wallet, before anything is pressed: the reason and the time, and the button off.
    await creator.goto(`${server.url}/dashboard`);
    const note = creator.getByTestId('wallet-paypal-hold');
    await expect.poll(() => textOf(note)).toContain(paypalHoldMessage(hold));
    const redeemButton = creator.getByTestId('wallet-card').getByRole('button', { name: 'Redeem Mint' });
    expect(await redeemButton.isDisabled()).toBe(true);
    expect(await textOf(creator.getByTestId('wallet-card'))).toContain(
      `Cash-outs resume at ${formatUtcInstant(hold.until)}`,
    );
    // The dashboard was checked whole above: the wallet card's hold is what is new.
    expect(await seriousAxeViolations(creator, '[data-testid="wallet-card"]')).toEqual([]);
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
    await screenshotWidths(creator, SHOTS, 'wallet-paypal-hold');

    // The server refuses too, with the same words.
    const refused = await creator.evaluate(async () => {
      const response = await fetch('/api/me/payouts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'e2e-paypal-hold-1' },
        body: JSON.stringify({ amount: 50 }),
      });
      return { status: response.status, body: (await response.json()) as { error: string } };
    });
    expect(refused).toEqual({ status: 409, body: { error: paypalHoldMessage(hold), code: 'CONFLICT' } });

    // Both addresses were told; the previous one sees the new address masked.
    const told = (to: string) =>
      smtp.messages.filter((m) => m.to.includes(to) && m.subject === 'Your Mintbox PayPal email was changed');
    await expect.poll(() => told(CREATOR.email).length).toBe(1);
    await expect.poll(() => told(READY_PROFILE.paypalEmail).length).toBe(1);
    expect(told(CREATOR.email)[0]!.text).toContain('rosa.new@example.com');
    expect(told(READY_PROFILE.paypalEmail)[0]!.text).toContain('r***@example.com');
    expect(told(READY_PROFILE.paypalEmail)[0]!.raw).not.toContain('rosa.new');
  }, 60_000);

  it('Process Payment opens with the pending payouts the filter shows ticked (issue 24)', async () => {
    // Two more creators, each credited by an admin and asking for a payout: Lia $50, Max $60.
    for (const [i, name] of ['Lia Stone', 'Max Brook'].entries()) {
      const made = await createReadyCreator(api, server.db, { email: `payee${i}@example.com`, name });
      const credit = { amount: 60, reason: 'Launch bonus' };
      const credited = await postJson(
        api,
        `/api/admin/influencers/${made.creatorId}/adjustments`,
        credit,
        apiAdmin,
      );
      expect(credited.status).toBe(201);
      const redeemed = await postJson(api, '/api/me/payouts', { amount: 50 + i * 10 }, made.cookie, {
        'idempotency-key': `e2e-preselect-${i}`,
      });
      expect(redeemed.status).toBe(201);
    }
    const process = admin.getByTestId('process-dialog');
    const openProcess = async () => {
      await admin.getByRole('button', { name: /^Process Payment/ }).click();
      await expect.poll(() => process.getByRole('checkbox').count()).toBe(2);
    };
    const closeProcess = async () => {
      await process.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => process.count()).toBe(0);
    };

    // No filter: every pending payout is ticked.
    await admin.goto(`${server.url}/admin/payments`);
    await openProcess();
    await expect.poll(() => process.getByRole('button', { name: 'Start 2 payouts ($110)' }).count()).toBe(1);
    await closeProcess();

    // A search for Lia: only hers.
    await admin.getByLabel('Search transactions').fill('Lia');
    await admin.getByLabel('Search transactions').press('Enter');
    await expect.poll(() => new URL(admin.url()).searchParams.get('q')).toBe('Lia');
    await openProcess();
    await expect.poll(() => process.getByRole('button', { name: 'Start 1 payout ($50)' }).count()).toBe(1);
    expect(await process.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(
      await textOf(process.locator('label', { has: admin.getByRole('checkbox', { checked: true }) })),
    ).toContain('Lia Stone');
    await closeProcess();
  }, 60_000);
});
