import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi, waitForApp } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { freePort } from '../support/free-port';
import { createTestApp } from '../support/test-app';

const CREATOR = { email: 'devices@example.com', name: 'Dev Ices', password: 'correct horse battery' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * Issue 42, item 8: on /profile a creator sees where they are signed in (device, place, last active, this device)
 * and signs another device out after a confirmation, at 375 px, by keyboard. No token reaches the page.
 */
describe('where you are signed in', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    server = await startE2EServer({ port, env: { APP_URL: `http://127.0.0.1:${port}` } });
    await createReadyCreator(createTestApp(server.db), server.db, CREATOR);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the devices and signs another one out after a confirmation', async () => {
    const phone = await browser.newContext();
    await signInThroughApi(phone, server.url, CREATOR, { 'user-agent': FIREFOX });
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 375, height: 800 } });
    await signInThroughApi(context, server.url, CREATOR);
    const page = await context.newPage();
    await page.goto(`${server.url}/profile`);
    await waitForApp(page);
    const section = page.getByTestId('account-sessions');
    await expect.poll(() => section.getByText('This device').count()).toBe(1);
    await expect.poll(() => section.getByText('Firefox on Linux').count()).toBe(1);
    expect(await section.textContent()).not.toMatch(/token/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const firefoxRow = section.getByRole('listitem').filter({ hasText: 'Firefox on Linux' });
    await firefoxRow.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => section.getByText('Firefox on Linux').count()).toBe(0);
    expect((await phone.request.get(`${server.url}/api/me/sessions`)).status()).toBe(401);
    await phone.close();
    await context.close();
  });
});
