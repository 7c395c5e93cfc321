import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { freePort } from '../support/free-port';
import { balanceAndSum } from '../support/mint';
import { createTestApp, testEnv } from '../support/test-app';
import { totpCode } from '../support/totp';

const ADMIN = { email: 'guard@mintbox.test', username: 'guard', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'lena@example.com', name: 'Lena Park' };
/** createReadyCreator's password. */
const CREATOR_PASSWORD = 'correct horse battery';
/** Set TWO_FACTOR_SCREENSHOTS=/some/dir to keep 1280 px and 375 px screenshots of each new screen. */
const SHOTS = process.env.TWO_FACTOR_SCREENSHOTS;

/**
 * Issue 22 in the browser, with ADMIN_REQUIRE_2FA on: the admin's first sign-in leads to enrolment (QR code, key,
 * a first code computed here from the key, backup codes); after signing out, the sign-in asks for a code; eleven
 * minutes later, as far as the server's clock goes, adjusting Mint asks for a fresh code in a dialog and then goes through.
 */
describe('an admin enrols an authenticator, signs in with it and passes a step-up', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let creatorId: number;
  /** The server's clock runs this far ahead of the real one (the step-up window is 10 minutes). */
  let ahead = 0;

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}`, ADMIN_REQUIRE_2FA: 'true' };
    server = await startE2EServer({
      port,
      env,
      deps: { now: () => new Date(Date.now() + ahead) },
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    const api = createTestApp(server.db);
    creatorId = (await createReadyCreator(api, server.db, CREATOR)).creatorId;
    browser = await launchBrowser();
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function shoot(name: string) {
    const size = page.viewportSize()!;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      // At 375 px nothing scrolls sideways.
      if (width === 375)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize(size);
  }

  async function signInWithPassword() {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Username or email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('enrols, signs out, signs in with a code, and confirms a Mint adjustment with a fresh code', async () => {
    // First sign-in: straight to enrolment; the admin pages are closed until it is done.
    await signInWithPassword();
    await page.waitForURL('**/admin/two-factor');
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByTestId('totp-qr').count()).toBe(1);
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    const key = ((await page.getByTestId('totp-key').textContent()) ?? '').replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32,}$/);
    await shoot('enrol-scan');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A wrong code first, then the app's code (computed here from the key, as an authenticator app would).
    const codeField = page.getByLabel('Code from your authenticator app');
    await codeField.fill('000000' === totpCode(key) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect
      .poll(() => page.getByTestId('two-factor-setup-error').textContent())
      .toContain('not correct');
    await codeField.fill(totpCode(key));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    const codes = page.getByTestId('backup-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    await page.getByRole('button', { name: 'Copy codes' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    await shoot('enrol-backup-codes');
    await page.getByRole('button', { name: "I've saved my codes" }).click();
    await page.waitForURL('**/admin/campaigns');

    // Sign out; the next sign-in asks for a code, by keyboard.
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    // An admin signs out to the admin sign-in (issue 41, item 11).
    await page.waitForURL('**/admin');
    await expect.poll(() => page.getByLabel('Username or email').count()).toBe(1);
    await signInWithPassword();
    const step = page.getByTestId('two-factor-step');
    await expect.poll(() => step.count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Two-factor authentication' }).count()).toBe(1);
    await shoot('sign-in-code');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await step.getByLabel('Code from your authenticator app').fill(totpCode(key));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/campaigns');

    // Eleven minutes later (the server's clock) the sign-in's code no longer covers money: adjusting Mint asks again.
    ahead = 11 * 60_000;
    await page.goto(`${server.url}/admin/payments`);
    await page.getByRole('button', { name: /^Adjust Mint/ }).click();
    const adjust = page.getByTestId('adjust-dialog');
    await adjust.getByLabel('Creator').fill('lena');
    await adjust.getByRole('button', { name: new RegExp(CREATOR.name) }).click();
    await adjust.getByLabel('Mint (negative to debit)').fill('12');
    await adjust.getByLabel('Reason').fill('Bonus for the unboxing');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    const stepUp = page.getByTestId('step-up-dialog');
    await expect.poll(() => stepUp.count()).toBe(1);
    expect(await balanceAndSum(server.db, creatorId)).toEqual({ balance: 0, sum: 0 });
    await shoot('step-up');
    await stepUp.getByLabel('Code from your authenticator app').fill(totpCode(key));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    // The adjustment goes through by itself once the code is confirmed.
    await expect.poll(() => adjust.count()).toBe(0);
    expect(await balanceAndSum(server.db, creatorId)).toEqual({ balance: 12, sum: 12 });
    await expect
      .poll(() => page.getByTestId('transaction-row').first().getByTestId('cell-campaign').textContent())
      .toBe('Adjustment: Bonus for the unboxing');

    // Settings shows two-factor on (and, with ADMIN_REQUIRE_2FA, no way to turn it off).
    await page.goto(`${server.url}/admin/settings`);
    await expect.poll(() => page.getByTestId('two-factor-state').textContent()).toContain('On');
    expect(await page.getByRole('button', { name: 'Turn off' }).count()).toBe(0);
    await shoot('settings');
  }, 60_000);
  it('a creator turns two-factor on from /profile; a PayPal change and the next sign-in then ask for the app’s code', async () => {
    const creatorContext = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
    });
    const creator = await creatorContext.newPage();
    creator.setDefaultTimeout(15_000);
    try {
      await creator.goto(`${server.url}/signin`);
      await creator.getByLabel('Email', { exact: true }).fill(CREATOR.email);
      await creator.getByLabel('Password').fill(CREATOR_PASSWORD);
      await creator.getByRole('button', { name: 'Sign In' }).click();
      await creator.waitForURL((url) => url.pathname !== '/signin');
      await creator.goto(`${server.url}/profile`);
      const section = creator.getByTestId('profile-two-factor');
      await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await section.getByLabel('Password').fill(CREATOR_PASSWORD);
      await section.getByRole('button', { name: 'Continue' }).click();
      const key = ((await section.getByTestId('totp-key').textContent()) ?? '').replace(/\s/g, '');
      await section.getByLabel('Code from your authenticator app').fill(totpCode(key));
      await section.getByRole('button', { name: 'Verify and turn on' }).click();
      await expect.poll(() => section.getByTestId('backup-codes').getByRole('listitem').count()).toBe(10);
      await section.getByRole('button', { name: "I've saved my codes" }).click();
      await expect.poll(() => section.getByTestId('two-factor-state').textContent()).toContain('On');
      await section.scrollIntoViewIfNeeded();
      for (const width of [375, 1280]) {
        await creator.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        if (width === 375) {
          expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        }
        if (SHOTS) await section.screenshot({ path: path.join(SHOTS, `profile-two-factor-${width}.png`) });
      }

      // The PayPal change asks for the app's code (not the password) and goes through with it.
      await creator.getByLabel('PayPal Email').fill('lena.new@example.com');
      await creator.getByRole('button', { name: 'Save Changes' }).click();
      const dialog = creator.getByTestId('paypal-confirm');
      await dialog.getByLabel('Code from your authenticator app').fill(totpCode(key));
      expect(await dialog.getByLabel('Current password').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Confirm and Save' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      const me = await creator.evaluate(async () => (await fetch('/api/me')).json());
      expect(me.profile.paypalEmail).toBe('lena.new@example.com');

      // Signed out, the creators' sign-in form now asks for the code after the password.
      await creatorContext.clearCookies();
      await creator.goto(`${server.url}/signin`);
      await creator.getByLabel('Email', { exact: true }).fill(CREATOR.email);
      await creator.getByLabel('Password').fill(CREATOR_PASSWORD);
      await creator.getByRole('button', { name: 'Sign In' }).click();
      const step = creator.getByTestId('two-factor-step');
      await step.getByLabel('Code from your authenticator app').fill(totpCode(key));
      await step.getByRole('button', { name: 'Verify' }).click();
      await creator.waitForURL((url) => url.pathname !== '/signin');
      expect((await creator.evaluate(async () => (await fetch('/api/session')).json())).user.email).toBe(
        CREATOR.email,
      );
    } finally {
      await creatorContext.close();
    }
  }, 40_000);
});
