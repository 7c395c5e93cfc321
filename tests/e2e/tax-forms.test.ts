import { mkdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit';
import { payouts } from '../../src/db/schema/payouts';
import { taxForms } from '../../src/db/schema/tax';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { TAX_HOLD_ADMIN_LABEL, TAX_HOLD_MESSAGE } from '../../src/shared/tax';
import { postJson, signInAdmin } from '../support/auth-client';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { parseCsv } from '../support/csv';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCreator } from '../support/factories';
import { freePort } from '../support/free-port';
import { balanceAndSum, giveMint } from '../support/mint';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'tess@example.com', name: 'Tess Filer', password: 'correct horse battery' };
const WAITING = { email: 'omar@example.com', name: 'Omar Waiting' };
/** Set TAX_SCREENSHOTS=/some/dir to keep 1280 px and 375 px screenshots of the screens. */
const SHOTS = process.env.TAX_SCREENSHOTS;

describe('tax forms in the browser: a held payout, a W-9 filed, the year-end file', () => {
  let server: E2EServer;
  let browser: Browser;
  let creatorContext: BrowserContext;
  let adminContext: BrowserContext;
  let creator: Page;
  let admin: Page;
  let api: ReturnType<typeof createTestApp>;
  let apiAdmin: string;
  let tessId: number;
  let omarId: number;

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}` };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    api = createTestApp(server.db);
    tessId = (await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name }))
      .creatorId;
    const omar = await createReadyCreator(api, server.db, { email: WAITING.email, name: WAITING.name });
    omarId = omar.creatorId;
    await giveMint(server.db, tessId, 700);
    await giveMint(server.db, omarId, 700);
    apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
    // Omar redeems $650 with no form: held (the admin sees it waiting).
    const held = await postJson(api, '/api/me/payouts', { amount: 650 }, omar.cookie, {
      'idempotency-key': 'omar-held-650',
    });
    expect(held.status).toBe(201);

    browser = await launchBrowser();
    creatorContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    adminContext = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    creator = await creatorContext.newPage();
    admin = await adminContext.newPage();
    creator.setDefaultTimeout(15_000);
    admin.setDefaultTimeout(15_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a creator redeems past $600: held, with why and a link; files a W-9 (validated, masked); the hold is lifted', async () => {
    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/dashboard`);
    await expect.poll(() => textOf(creator.getByTestId('wallet-available'))).toBe('700 Mint');

    // Redeem $600: the confirmation says it will wait for a tax form.
    await creator.getByTestId('wallet-card').getByRole('button', { name: 'Redeem Mint' }).click();
    const dialog = creator.getByTestId('redeem-dialog');
    await dialog.getByLabel('Amount (Mint)').fill('600');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => textOf(dialog.getByTestId('redeem-tax-note'))).toContain(TAX_HOLD_MESSAGE);
    expect(await textOf(dialog.getByTestId('redeem-paid-by'))).toBe('Once your tax form is on file');
    // The dialog is what changed here (the dashboard is checked whole on the Wallet tab below).
    expect(await seriousAxeViolations(creator, '[data-testid="redeem-dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm redemption' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => textOf(creator.getByTestId('wallet-available'))).toBe('100 Mint');

    // The payout on the Wallet tab: why it waits, and the link to the form.
    await creator.getByRole('button', { name: 'Payouts and history' }).click();
    const payout = creator.getByTestId('payout').first();
    await expect.poll(() => textOf(payout.getByTestId('payout-tax-hold'))).toContain(TAX_HOLD_MESSAGE);
    expect(await textOf(payout.getByTestId('payout-paid-by'))).toBe('Once your tax form is on file');
    expect(await seriousAxeViolations(creator)).toEqual([]);
    await screenshotWidths(creator, SHOTS, 'wallet-held');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
    const [row] = await server.db.select().from(payouts).where(eq(payouts.creatorId, tessId));
    expect(row).toMatchObject({ amount: 600, status: 'pending', heldForTaxForm: true });
    expect(await balanceAndSum(server.db, tessId)).toEqual({ balance: 100, sum: 100 });

    await payout.getByRole('link', { name: 'File your tax form' }).click();
    await creator.waitForURL(`${server.url}/profile#tax-form`);
    const section = creator.getByTestId('tax-form');
    await expect.poll(() => textOf(section.getByTestId('tax-held'))).toContain('One payout is waiting');
    expect(await textOf(section.getByTestId('tax-year-paid'))).toContain('$600');

    // Validation: the empty form, then a TIN of one repeated digit.
    await section.getByRole('button', { name: 'Save tax form' }).click();
    await expect.poll(() => textOf(section)).toContain('Enter your name as shown on your income tax return.');
    expect(await textOf(section)).toContain('Certify that the information is true, correct and complete.');
    await section.getByLabel('Name (as shown on your income tax return)').fill('Tess Filer');
    await section.getByLabel('Federal tax classification').selectOption('individual');
    await section.getByLabel('Address (number, street, apt.)').fill('12 Elm Street');
    await section.getByLabel('City').fill('Austin');
    await section.getByLabel('State').selectOption('TX');
    await section.getByLabel('ZIP code').fill('78701');
    await section.getByLabel('Social Security number').fill('111-11-1111');
    await section.getByRole('checkbox').check();
    await section.getByRole('button', { name: 'Save tax form' }).click();
    await expect.poll(() => textOf(section)).toContain('This is not an SSN: all its digits are the same.');
    expect(await seriousAxeViolations(creator)).toEqual([]);
    await screenshotWidths(creator, SHOTS, 'profile-tax-form');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);

    await section.getByLabel('Social Security number').fill('123-45-6789');
    await section.getByRole('button', { name: 'Save tax form' }).click();
    const onFile = section.getByTestId('tax-form-on-file');
    await expect.poll(() => textOf(onFile)).toContain('W-9 on file');
    expect(await textOf(onFile.getByTestId('tax-tin-masked'))).toBe('***-**-6789');
    expect(await creator.content()).not.toContain('123-45-6789');
    expect(await section.getByTestId('tax-held').count()).toBe(0);
    // The profile was checked whole with the form's errors above: only the section changed.
    expect(await seriousAxeViolations(creator, '[data-testid="tax-form"]')).toEqual([]);
    await screenshotWidths(creator, SHOTS, 'profile-tax-on-file');
    const [form] = await server.db.select().from(taxForms).where(eq(taxForms.creatorId, tessId));
    expect(JSON.stringify(form)).not.toContain('123456789');

    // The hold is lifted: the payout no longer waits; no Mint moved. Back through the header, as a creator goes.
    const header = creator.getByTestId('signed-in-header');
    await header.getByRole('link', { name: 'Dashboard', exact: true }).filter({ visible: true }).click();
    await creator.waitForURL(`${server.url}/dashboard`);
    await creator.getByRole('button', { name: 'Payouts and history' }).click();
    await expect.poll(() => creator.getByTestId('payout').count()).toBe(1);
    await expect.poll(() => creator.getByTestId('payout-tax-hold').count()).toBe(0);
    expect(await balanceAndSum(server.db, tessId)).toEqual({ balance: 100, sum: 100 });
  }, 120_000);

  it('the admin sees who waits, the tax year, and downloads the year-end CSV after re-entering the password', async () => {
    // Tess's payout is paid by hand (API): $600 paid this year with a W-9 on file.
    const [tessPayout] = await server.db.select().from(payouts).where(eq(payouts.creatorId, tessId));
    expect(
      (await postJson(api, '/api/admin/payouts/process', { ids: [tessPayout!.id], mode: 'manual' }, apiAdmin))
        .status,
    ).toBe(200);
    expect(
      (
        await postJson(
          api,
          `/api/admin/payouts/${tessPayout!.id}/mark-paid`,
          { reference: 'TAX-1' },
          apiAdmin,
        )
      ).status,
    ).toBe(200);

    await signInThroughApi(admin.context(), server.url, ADMIN);
    await admin.goto(`${server.url}/admin/payments`);
    // Omar's payout waits for a tax form, said on its row.
    const omarRow = admin
      .getByTestId('transaction-row')
      .filter({ hasText: WAITING.name })
      .filter({ hasText: 'payout' });
    await expect
      .poll(() => textOf(omarRow.first().getByTestId('payout-tax-hold')))
      .toBe(TAX_HOLD_ADMIN_LABEL);

    await admin.getByRole('tab', { name: 'Tax year' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('tab')).toBe('tax-year');
    const panel = admin.getByTestId('tax-year');
    const tess = panel.getByTestId('tax-year-row').filter({ hasText: CREATOR.name });
    await expect.poll(() => textOf(tess)).toContain('$600');
    expect(await textOf(tess)).toContain('W-9 on file');
    expect(await textOf(tess)).toContain('***-**-6789');
    const omar = panel.getByTestId('tax-year-row').filter({ hasText: WAITING.name });
    expect(await textOf(omar)).toContain('No form');
    expect(await textOf(omar)).toContain('1 waiting for a tax form');
    expect(await admin.content()).not.toContain('123-45-6789');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await screenshotWidths(admin, SHOTS, 'admin-tax-year');
    expect(await phoneScrollWidth(admin)).toBeLessThanOrEqual(375);

    // The year-end file: a wrong password is refused (nothing downloaded, nothing audited) ...
    await panel.getByRole('button', { name: 'Year-end CSV (1099-NEC)' }).click();
    const dialog = admin.getByTestId('year-end-dialog');
    await dialog.getByLabel('Your password').fill('not the password');
    await dialog.getByRole('button', { name: 'Download CSV' }).click();
    await expect.poll(() => textOf(dialog)).toContain('The password is not correct.');
    expect(
      await server.db.select().from(auditLog).where(eq(auditLog.action, 'tax.year_end_export')),
    ).toHaveLength(0);
    expect(await seriousAxeViolations(admin, '[data-testid="year-end-dialog"]')).toEqual([]);
    await screenshotWidths(admin, SHOTS, 'admin-year-end-dialog');
    // ... the right one downloads it.
    await dialog.getByLabel('Your password').fill(ADMIN.password);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const year = new Date().getUTCFullYear();
    expect(download.suggestedFilename()).toBe(`mintbox-1099-nec-${year}.csv`);
    const rows = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''));
    expect(rows[0]).toContain('Recipient TIN');
    expect(rows.slice(1)).toEqual([
      [
        'Tess Filer',
        '',
        'SSN',
        '123-45-6789',
        '12 Elm Street',
        '',
        'Austin',
        'TX',
        '78701',
        'US',
        '600.00',
        String(year),
      ],
    ]);
    await expect.poll(() => dialog.count()).toBe(0);
    const entries = await server.db.select().from(auditLog).where(eq(auditLog.action, 'tax.year_end_export'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: 'tax_year', entityId: String(year) });
  }, 120_000);

  it('the tax year shows a page of creators and "Show more creators" loads the rest (issue 28)', async () => {
    // 55 more creators paid $50 this year (written straight to the table, as an import would: the trigger keeps
    // the tax year), so the year has more lines than a page (50).
    const now = new Date();
    for (let i = 0; i < 55; i += 1) {
      const c = await insertCreator(server.db, { name: `Paid Earlier ${i}` });
      await server.db.insert(payouts).values({
        creatorId: c.id,
        amount: 50,
        paypalEmail: `earlier${i}@example.com`,
        status: 'completed',
        mode: 'manual',
        expectedBy: now.toISOString().slice(0, 10),
        idempotencyKey: `earlier-${i}`,
        requestHash: 'x',
        createdAt: now,
        completedAt: now,
      });
    }
    await admin.goto(`${server.url}/admin/payments?tab=tax-year`);
    const panel = admin.getByTestId('tax-year');
    await expect.poll(() => panel.getByTestId('tax-year-row').count()).toBe(50);
    // Most paid first: Tess's $600 heads the first page.
    expect(await textOf(panel.getByTestId('tax-year-row').first())).toContain(CREATOR.name);
    expect(await textOf(panel.getByTestId('tax-year-shown'))).toBe('50 of 57 shown');
    expect(await textOf(panel.getByTestId('tax-year-totals'))).toContain('57 creators paid or waiting');
    await panel.getByRole('button', { name: 'Show more creators' }).click();
    await expect.poll(() => panel.getByTestId('tax-year-row').count()).toBe(57);
    expect(await panel.getByTestId('tax-year-more').count()).toBe(0);
    // Omar paid nothing (his payout is held): last.
    expect(await textOf(panel.getByTestId('tax-year-row').last())).toContain(WAITING.name);
    // The Tax year tab was checked whole in the test above: its 57 rows are what is new.
    expect(await seriousAxeViolations(admin, '[data-testid="tax-year"]')).toEqual([]);
  }, 120_000);
});
