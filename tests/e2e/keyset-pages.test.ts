import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { adjustMint } from '../../src/server/services/payouts/adjust';
import { creditReward } from '../../src/server/services/payouts/ledger';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign, insertCreator } from '../support/factories';
import { testServices } from '../support/services';
import { testEnv } from '../support/test-app';

/**
 * Issue 28: the admin's creators and transactions pages move by cursor (keyset paging): Next and Previous show the
 * same rows, counts and page numbers the page numbers did, and the filters stay on.
 */

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const BASE = Date.UTC(2026, 0, 1);
/** Set PAGING_SCREENSHOTS=/some/dir to keep screenshots of page 2. */
const SHOTS = process.env.PAGING_SCREENSHOTS;

describe('keyset pages in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startE2EServer({
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(), logger: silentLogger() }), ADMIN);
        const people = [];
        // 45 creators, two sharing each second (the order within one instant is the id's).
        for (let i = 0; i < 45; i += 1) {
          people.push(
            await insertCreator(db, {
              name: `Pager ${String(i).padStart(2, '0')}`,
              createdAt: new Date(BASE + Math.floor(i / 2) * 1000),
            }),
          );
        }
        // One movement of Mint each, one second apart, made by the services the app runs: an admin's adjustment
        // (the Adjust Mint route's service) for most, a campaign reward (what an approval credits) for every fifth.
        const campaign = await insertCampaign(db, { status: 'active' });
        const clock = { now: new Date(BASE) };
        const services = testServices({ db, now: () => clock.now });
        const admin = { userId: null, name: 'Ops', ipAddress: null };
        for (const [i, person] of people.entries()) {
          clock.now = new Date(BASE + i * 1000);
          if (i % 5 === 0) {
            await db.transaction((tx) =>
              creditReward(tx, {
                creatorId: person.id,
                amount: i + 1,
                reference: `reward:paging:${person.id}`,
                description: 'Reward',
                campaignId: campaign.id,
                at: clock.now,
              }),
            );
          } else {
            await adjustMint(services, {
              creatorId: person.id,
              input: { amount: i + 1, reason: 'Goodwill' },
              admin,
            });
          }
        }
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

  const shown = () =>
    page
      .getByText(/^Showing /)
      .first()
      .textContent();

  it('creators: Next and Previous walk the pages in order', async () => {
    await signInThroughApi(page.context(), server.url, ADMIN);

    await page.goto(`${server.url}/admin/influencers`);
    await expect.poll(shown).toBe('Showing 1–20 of 45');
    expect(await page.getByText('Pager 44').count()).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(shown).toBe('Showing 21–40 of 45');
    expect(page.url()).toContain('page=2');
    expect(page.url()).toContain('cursor=');
    expect(await page.getByText('Pager 24').count()).toBe(1);
    expect(await page.getByText('Pager 44').count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(shown).toBe('Showing 41–45 of 45');
    expect(await page.getByText('Pager 00').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(shown).toBe('Showing 21–40 of 45');
    expect(await page.getByText('Pager 05').count()).toBe(1);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(shown).toBe('Showing 1–20 of 45');
    expect(page.url()).not.toContain('cursor=');
  });

  it('transactions: the pages follow the kind filter, and page 2 is clean for axe', async () => {
    await page.goto(`${server.url}/admin/payments`);
    await expect.poll(shown).toBe('Showing 1–20 of 45');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(shown).toBe('Showing 21–40 of 45');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payments-page-2.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A filter starts again from page 1 and pages within its rows.
    await page.goto(`${server.url}/admin/payments?kind=adjustment`);
    await expect.poll(shown).toBe('Showing 1–20 of 36');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(shown).toBe('Showing 21–36 of 36');
    expect(page.url()).toContain('kind=adjustment');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });
});
