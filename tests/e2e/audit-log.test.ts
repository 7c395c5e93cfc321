import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { signInAdminThroughForm } from '../support/admin-browser-sign-in';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { textOf } from '../support/page-checks';
import { testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const IMAGE = '/images/campaigns/test.svg';
/** Set AUDIT_SCREENSHOTS=/some/dir to keep 1280 px and 375 px screenshots of the open entry. */
const SHOTS = process.env.AUDIT_SCREENSHOTS;

describe('the audit log in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let campaignId: number;

  beforeAll(async () => {
    server = await startE2EServer({
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(), logger: silentLogger() }), ADMIN);
        const campaign = await insertCampaign(db, {
          name: 'Sunset Serum Kit',
          status: 'active',
          reward: 25,
          imageUrl: IMAGE,
          gallery: [IMAGE],
        });
        campaignId = campaign.id;
      },
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an admin changes a campaign, then finds the change with its before and after in Settings › Audit log', async () => {
    await signInAdminThroughForm(page, server.url, ADMIN);

    // Change the name and the reward in the Edit dialog.
    await page.getByRole('button', { name: 'Edit Sunset Serum Kit' }).first().click();
    const form = page.getByTestId('campaign-form-dialog');
    await form.getByLabel('Name', { exact: true }).fill('Sunset Serum Kit II');
    await form.getByLabel('Reward (Mint)').fill('40');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => form.count()).toBe(0);

    // Settings, then its Audit log section.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.waitForURL(`${server.url}/admin/settings`);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(`${server.url}/admin/settings?tab=audit-log`);
    const entry = page.getByTestId('audit-entry').first();
    await expect.poll(() => entry.getAttribute('data-action')).toBe('campaign.update');
    expect(await textOf(entry)).toContain('Campaign changed');
    expect(await textOf(entry)).toContain('Admin <ops@mintbox.test>');
    expect(await textOf(entry)).toContain('127.0.0.1');

    // Opened from the keyboard: only the changed fields, before and after.
    const toggle = entry.getByRole('button', { name: /^(Show|Hide) changes$/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await textOf(toggle)).toBe('Hide changes');
    const changes = entry.getByTestId('audit-changes');
    const row = (field: string) => changes.locator(`tr[data-field="${field}"] td`);
    await expect
      .poll(() => row('name').allTextContents())
      .toEqual(['Sunset Serum Kit', 'Sunset Serum Kit II']);
    expect(await row('reward').allTextContents()).toEqual(['25', '40']);
    expect(await changes.locator('tbody tr').count()).toBe(2);

    expect(await seriousAxeViolations(page)).toEqual([]);

    // At 375 px nothing scrolls sideways.
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'audit-log-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'audit-log-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A filter that matches nothing, then one that matches: the URL keeps them.
    await page.getByLabel('Action').selectOption('campaign.delete');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => textOf(page.getByTestId('admin-empty-state')))
      .toContain('No entries match these filters');
    await page.getByLabel('Action').selectOption('campaign.update');
    await page.getByLabel('Record id').fill(String(campaignId));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => page.getByTestId('audit-entry').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('entityId')).toBe(String(campaignId));

    // The record links to its admin page.
    await page.getByRole('link', { name: `Campaign #${campaignId}` }).click();
    await page.waitForURL(`${server.url}/admin/campaigns/${campaignId}`);
    // The campaign's page, under the name the admin gave it.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sunset Serum Kit II', exact: true }).count())
      .toBe(1);
  });
});
