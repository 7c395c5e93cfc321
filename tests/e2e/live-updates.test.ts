import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorProfiles } from '../../src/db/schema/onboarding';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { postJson } from '../support/auth-client';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { freePort } from '../support/free-port';
import { giveMint } from '../support/mint';
import { phoneScrollWidth, textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const WATCHER = {
  email: 'watcher@mintbox.test',
  username: 'watcher',
  password: 'watching admin password 2026',
};
const PAYER = { email: 'payer@mintbox.test', username: 'payer', password: 'paying admin password 2026' };
const CREATOR = { email: 'lena@example.com', name: 'Lena Park', password: 'correct horse battery' };
/** Set LIVE_SCREENSHOTS=/some/dir to keep screenshots of the pages as they updated. */
const SHOTS = process.env.LIVE_SCREENSHOTS;

/**
 * Issue 40, "Done when": one admin keeps /admin/payments open while a second admin, in another browser, pays the
 * payout by hand; the first page shows it paid within 2 s, without a reload. The creator's wallet (375 px) shows it
 * paid the same way.
 */
describe('screens that update themselves', () => {
  let server: E2EServer;
  let browser: Browser;
  let contexts: BrowserContext[];
  let watcher: Page;
  let payer: Page;
  let creator: Page;
  let payoutId: number;

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}` };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        const auth = createAuth({ db, env: testEnv(env), logger: silentLogger() });
        await upsertAdmin(db, auth, WATCHER);
        await upsertAdmin(db, auth, PAYER);
      },
    });
    const api = createTestApp(server.db);
    const made = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    await server.db
      .update(creatorProfiles)
      .set({ paypalEmail: 'lena.paypal@example.com' })
      .where(eq(creatorProfiles.creatorId, made.creatorId));
    await giveMint(server.db, made.creatorId, 90);
    const redeemed = await postJson(api, '/api/me/payouts', { amount: 60 }, made.cookie, {
      'idempotency-key': 'live-journey',
    });
    expect(redeemed.status).toBe(201);
    payoutId = ((await redeemed.json()) as { id: number }).id;

    browser = await launchBrowser();
    contexts = await Promise.all([
      browser.newContext({ viewport: { width: 1280, height: 900 } }),
      browser.newContext({ viewport: { width: 1280, height: 900 } }),
      browser.newContext({ viewport: { width: 375, height: 800 } }),
    ]);
    await signInThroughApi(contexts[0]!, server.url, WATCHER);
    await signInThroughApi(contexts[1]!, server.url, PAYER);
    await signInThroughApi(contexts[2]!, server.url, CREATOR);
    [watcher, payer, creator] = (await Promise.all(contexts.map((context) => context.newPage()))) as [
      Page,
      Page,
      Page,
    ];
    for (const page of [watcher, payer, creator]) page.setDefaultTimeout(15_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    for (const context of contexts ?? []) await context.close();
    await server?.close();
  });

  it('shows a payout paid by another admin on the open Payments page and in the wallet within 2 s', async () => {
    await watcher.goto(`${server.url}/admin/payments`);
    const row = watcher.getByTestId('transaction-row').filter({ hasText: `PayPal payout #${payoutId}` });
    await expect.poll(() => textOf(row.getByTestId('cell-status'))).toBe('Pending');
    await creator.goto(`${server.url}/dashboard?tab=wallet`);
    const payout = creator.locator(`[data-testid="payout"][data-payout-id="${payoutId}"]`);
    await expect.poll(() => payout.getAttribute('data-payout-status')).toBe('pending');
    // Marks on both pages that a reload would wipe.
    for (const page of [watcher, creator])
      await page.evaluate(() => Object.assign(window, { stillHere: true }));
    // The second admin, in another browser: Process Payment by hand, then Mark paid with the reference.
    await payer.goto(`${server.url}/admin/payments`);
    const payerRow = payer.getByTestId('transaction-row').filter({ hasText: `PayPal payout #${payoutId}` });
    await payerRow.getByRole('checkbox').check();
    await payer.getByRole('button', { name: /^Process Payment/ }).click();
    const process = payer.getByTestId('process-dialog');
    await process.getByRole('button', { name: 'Start 1 payout ($60)' }).click();
    const manual = process.getByTestId('manual-payment');
    await manual.getByLabel('PayPal transaction id or reference').fill('9LIVE0001');
    await manual.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => textOf(manual)).toContain('Paid · 9LIVE0001');
    const paidAt = Date.now();

    await expect
      .poll(() => textOf(row.getByTestId('cell-status')), { timeout: 2000, interval: 50 })
      .toBe('Completed');
    await expect
      .poll(() => payout.getAttribute('data-payout-status'), {
        timeout: 2000 - (Date.now() - paidAt),
        interval: 50,
      })
      .toBe('completed');
    console.info(
      `payments page and wallet showed the payout paid ${Date.now() - paidAt} ms after it was paid`,
    );
    for (const page of [watcher, creator]) {
      expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
    }
    expect(await textOf(payout)).toContain('Paid');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
    if (SHOTS) {
      await watcher.screenshot({ path: `${SHOTS}/payments-live-1280.png`, fullPage: true });
      await creator.screenshot({ path: `${SHOTS}/wallet-live-375.png`, fullPage: true });
    }
  });
});
