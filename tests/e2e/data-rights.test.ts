import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../src/db/schema/applications';
import { sessions, users } from '../../src/db/schema/auth';
import { creators } from '../../src/db/schema/creators';
import { accountClosures } from '../../src/db/schema/data-rights';
import { createAuth } from '../../src/server/auth/auth';
import { createMailer } from '../../src/server/mail/mailer';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { buildRequestedExports } from '../../src/server/services/data-rights/data-export';
import { DATA_RIGHTS_MESSAGES } from '../../src/shared/schemas/data-rights';
import { formatShortDate } from '../../src/web/lib/format';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertApplication, insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { balanceAndSum, giveMint } from '../support/mint';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { testServices } from '../support/services';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'noor@example.com', name: 'Noor Haddad', password: 'correct horse battery' };
/** Set DATA_RIGHTS_SCREENSHOTS=/some/dir to keep 1280 px and 375 px screenshots of the screens. */
const SHOTS = process.env.DATA_RIGHTS_SCREENSHOTS;

describe('data rights in the browser: download my data, close my account', () => {
  let server: E2EServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let page: Page;
  let creatorId: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    env = {
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mintbox-rights-')),
    };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    const api = createTestApp(server.db);
    const made = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    creatorId = made.creatorId;
    const [creator] = await server.db.select().from(creators).where(eq(creators.id, creatorId));
    await insertApplication(server.db, {
      status: 'applied',
      campaign: await insertCampaign(server.db, { name: 'Glow Serum', status: 'active' }),
      creator: creator!,
    });
    await giveMint(server.db, creatorId, 30);
    browser = await launchBrowser();
    const context = await browser.newContext({
      bypassCSP: true,
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('a creator asks for their data, gets the link by mail and downloads the file once', async () => {
    await signInThroughApi(page.context(), server.url, CREATOR);
    await page.goto(`${server.url}/profile`);

    const section = page.getByTestId('download-my-data');
    await section.getByRole('button', { name: 'Download my data' }).click();
    await expect
      .poll(() => textOf(section.getByTestId('data-export-status')))
      .toContain('We are preparing your file');
    expect(await section.getByRole('button', { name: 'Download my data' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await phoneScrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshotWidths(page, SHOTS, 'profile-data-rights');

    // The job's work (pg-boss runs it every minute): the file is built and the link mailed over SMTP.
    const services = testServices({
      db: server.db,
      mailer: createMailer(testEnv(env), silentLogger()),
      appUrl: env.APP_URL!,
      dataDir: env.DATA_DIR!,
    });
    expect((await buildRequestedExports(services)).built).toBe(1);
    const mail = await smtp.waitForMail(CREATOR.email);
    expect(mail.subject).toBe('Your Mintbox data download is ready');
    const link = mail.text.match(/https?:\/\/\S+\/data-export\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    await page.reload();
    await expect
      .poll(() => textOf(section.getByTestId('data-export-status')))
      .toContain('we emailed you a link');

    await page.goto(link!);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mintbox-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      data: Record<string, Array<Record<string, unknown>>>;
    };
    expect(file.data.account?.[0]?.email).toBe(CREATOR.email);
    expect(file.data.account?.[0]?.emailVerified).toBe(true);
    expect(file.data.applications).toHaveLength(1);
    expect(file.data.ledger?.[0]?.amount).toBe(30);
    await expect
      .poll(() => textOf(page.getByTestId('data-export-done')))
      .toContain('This link no longer works');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await phoneScrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshotWidths(page, SHOTS, 'data-export-page');

    // Once only: the same link again says it was used as it opens, and offers no download (issue 41).
    await page.reload();
    await expect
      .poll(() => textOf(page.getByTestId('data-export-unusable')))
      .toContain(DATA_RIGHTS_MESSAGES.linkUsed);
    expect(await page.getByText('Your file is ready').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download my file' }).count()).toBe(0);
  });

  it('the creator reads what closing does, gives up their Mint and is signed out for good', async () => {
    await page.goto(`${server.url}/profile`);
    await page.getByTestId('close-my-account').getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog');
    const statement = dialog.getByTestId('closure-statement');
    await expect.poll(() => textOf(statement)).toContain('1 application under review will be withdrawn.');
    expect(await textOf(statement)).toContain('You have 30 Mint, less than the 50 Mint needed to redeem');
    expect(await textOf(statement)).toContain('After 90 days we delete your name, email');
    // The profile was checked whole in the test above: the dialog is what is new.
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    expect(await phoneScrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshotWidths(page, SHOTS, 'close-account-dialog');

    // Without ticking the Mint box: refused before anything is sent.
    await dialog.getByLabel('Your password').fill(CREATOR.password);
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect.poll(() => textOf(dialog)).toContain('Tick "I give up my 30 Mint", or redeem it first.');
    // A wrong password: the server's answer.
    await dialog.getByLabel('I give up my 30 Mint').check();
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect.poll(() => textOf(dialog)).toContain(DATA_RIGHTS_MESSAGES.passwordWrong);
    await dialog.getByLabel('Your password').fill(CREATOR.password);
    await dialog.getByRole('button', { name: 'Close my account' }).click();

    await page.waitForURL(`${server.url}/account-closed`);
    const summary = page.getByTestId('account-closed-summary');
    await expect.poll(() => textOf(summary)).toContain('1 application was withdrawn.');
    expect(await textOf(summary)).toContain('You gave up 30 Mint');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await phoneScrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshotWidths(page, SHOTS, 'account-closed');

    // The records: withdrawn, Mint given up in the ledger, no session left, the closure with its date.
    const [application] = await server.db
      .select()
      .from(applications)
      .where(eq(applications.creatorId, creatorId));
    expect(application!.status).toBe('withdrawn');
    expect(await balanceAndSum(server.db, creatorId)).toEqual({ balance: 0, sum: 0 });
    const [user] = await server.db.select().from(users).where(eq(users.email, CREATOR.email));
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    const [closure] = await server.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.creatorId, creatorId));
    expect(closure!.anonymiseAfter.getTime() - closure!.closedAt.getTime()).toBe(90 * 86_400_000);
    expect((await smtp.waitForMail(CREATOR.email)).subject).toBe('Your Mintbox account is closed');

    // Signing in again is refused with a clear message.
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Email', { exact: true }).fill(CREATOR.email);
    await page.getByLabel('Password', { exact: true }).fill(CREATOR.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => textOf(page.locator('body'))).toContain(DATA_RIGHTS_MESSAGES.closedSignIn);
    expect(page.url()).toBe(`${server.url}/signin`);
  });

  it('an admin sees the closure and its anonymisation date under the creators', async () => {
    const admin = await (
      await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    ).newPage();
    admin.setDefaultTimeout(15_000);
    await signInThroughApi(admin.context(), server.url, ADMIN);
    await admin.goto(`${server.url}/admin/influencers`);
    const closures = admin.getByTestId('account-closures');
    const [closure] = await server.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.creatorId, creatorId));
    await expect.poll(() => textOf(closures.locator('tbody tr').first())).toContain(CREATOR.name);
    const row = await textOf(closures.locator('tbody tr').first());
    expect(row).toContain(closure!.anonymousId);
    expect(row).toContain(`Due ${formatShortDate(closure!.anonymiseAfter.toISOString())}`);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await closures.getByLabel('Show').selectOption('anonymised');
    await expect.poll(() => textOf(closures)).toContain('No closed accounts here.');
    await admin.close();
  });
});
