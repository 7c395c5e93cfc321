import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth';
import { silentLogger } from '../../src/server/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import type { Payout } from '../../src/shared/schemas/payout';
import { postJson } from '../support/auth-client';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { captureMailer } from '../support/capture-mailer';
import { createReadyCreator, READY_PROFILE } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { giveMint } from '../support/mint';
import { phoneScrollWidth, textOf } from '../support/page-checks';
import { insertSnapshot, insertSubmittedPost } from '../support/posts';
import { createTestApp, testEnv } from '../support/test-app';

const OWNER = { email: 'olivia@mintbox.test', username: 'olivia', password: 'owner password 2026' };
const MANAGER = { email: 'max@mintbox.test', username: 'max', password: 'manager password 2026' };
const CREATOR = { email: 'rosa.private@example.com', name: 'Rosa Secret' };
const POST = 'https://www.youtube.com/watch?v=abcdefghijk';
const NEW_PASSWORD = 'a long new password 1';

/** Issue 39 in the browser: the team's roles and invitations (1280 px Owner, 375 px Viewer), and a brand's report link. */
describe('the team and report links in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  const mailer = captureMailer();
  let payoutId = 0;
  let campaignId = 0;
  const contexts: BrowserContext[] = [];

  const fromPage = () => ({ origin: server.url, 'sec-fetch-site': 'same-origin' });
  const linkIn = (to: string) =>
    /https?:\/\/\S+\/team-invitation\/[A-Za-z0-9_-]+/.exec(
      mailer.sent.findLast((m) => m.to === to)!.text,
    )![0];
  const newPage = async (width: number): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  };

  beforeAll(async () => {
    server = await startE2EServer({
      deps: { mailer },
      seed: async (db) => {
        const auth = createAuth({ db, env: testEnv(), logger: silentLogger() });
        await upsertAdmin(db, auth, OWNER);
        await upsertAdmin(db, auth, { ...MANAGER, role: 'manager' });
      },
    });
    // A creator with a pending payout and an approved post with its figures, through the API where there is one.
    const api = createTestApp(server.db);
    const creator = await createReadyCreator(api, server.db, CREATOR);
    await giveMint(server.db, creator.influencerId, 80);
    const redeemed = await postJson(api, '/api/me/redemptions', { amount: 50 }, creator.cookie, {
      'idempotency-key': 'team-journey-1',
    });
    payoutId = ((await redeemed.json()) as Payout).id;
    const campaign = await insertCampaign(server.db, {
      name: 'Glow Serum Launch',
      brand: 'Glow Labs',
      status: 'active',
    });
    campaignId = campaign.id;
    const submissionId = await insertSubmittedPost(server.db, {
      campaignId,
      influencerId: creator.influencerId,
      urls: [POST],
    });
    await insertSnapshot(server.db, {
      submissionId,
      postUrl: POST,
      views: 12_500,
      likes: 900,
      measuredAt: new Date(),
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('an Owner invites a Viewer and a Finance member; the Viewer reads but cannot pay; removing the Viewer signs them out at once', async () => {
    const owner = await newPage(1280);
    await signInThroughApi(owner.context(), server.url, OWNER);
    await owner.goto(`${server.url}/admin/settings?tab=team`);
    const invite = owner.getByRole('form', { name: 'Invite a member' }).or(owner.locator('form').first());
    for (const [email, role] of [
      ['vic@brand.test', 'Viewer'],
      ['fin@brand.test', 'Finance'],
    ] as const) {
      await owner.getByLabel('Email').fill(email);
      await invite.getByLabel('Role').selectOption({ label: role });
      await owner.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => textOf(owner.getByTestId('team-invitations'))).toContain(email);
    }

    // The Viewer joins from the mail's link on a phone and lands on the campaigns.
    const viewer = await newPage(375);
    await viewer.goto(linkIn('vic@brand.test'));
    await expect.poll(() => textOf(viewer.getByTestId('invitation-role'))).toContain('Viewer');
    await viewer.getByLabel('Your name').fill('Vic Viewer');
    await viewer.getByLabel('Choose a password').fill(NEW_PASSWORD);
    await viewer.getByRole('button', { name: 'Join the team' }).click();
    await viewer.waitForURL(/\/admin\/campaigns$/);
    await expect.poll(() => textOf(viewer.locator('h1'))).toBe('Campaign Management');
    await expect.poll(() => viewer.getByText('Glow Serum Launch').count()).toBeGreaterThan(0);
    expect(await viewer.getByRole('button', { name: 'Add Campaign' }).count()).toBe(0);
    await viewer.goto(`${server.url}/admin/payments`);
    await expect.poll(() => viewer.getByTestId('transaction-row').count()).toBeGreaterThan(0);
    expect(await viewer.getByRole('button', { name: /Adjust Mint|Process Payment/ }).count()).toBe(0);
    expect(await viewer.getByRole('tab', { name: 'Tax year' }).count()).toBe(0);
    expect(await phoneScrollWidth(viewer)).toBeLessThanOrEqual(375);
    // The server refuses the same calls, naming who may.
    const pay = await viewer.context().request.post(`${server.url}/api/admin/payouts/process`, {
      data: { ids: [payoutId], mode: 'manual' },
      headers: fromPage(),
    });
    expect(pay.status()).toBe(403);
    expect(await pay.json()).toMatchObject({ code: 'FORBIDDEN_ROLE', allowed: ['finance', 'owner'] });
    const tax = await viewer
      .context()
      .request.get(`${server.url}/api/admin/tax-year`, { headers: fromPage() });
    expect(tax.status()).toBe(403);

    // Finance joins, enrols an authenticator (signing in does it, as the enrolment page would) and pays.
    const finance = await newPage(1280);
    const token = linkIn('fin@brand.test').split('/').at(-1)!;
    const joined = await finance
      .context()
      .request.post(`${server.url}/api/team-invitations/${token}/accept`, {
        data: { name: 'Fin Finance', password: NEW_PASSWORD },
        headers: fromPage(),
      });
    expect(joined.status()).toBe(200);
    await signInThroughApi(finance.context(), server.url, { username: 'fin', password: NEW_PASSWORD });
    const paid = await finance.context().request.post(`${server.url}/api/admin/payouts/process`, {
      data: { ids: [payoutId], mode: 'manual' },
      headers: fromPage(),
    });
    expect(paid.status()).toBe(200);

    // The Owner removes the Viewer: the Viewer's open session stops at once.
    await owner.reload();
    const vic = owner.getByTestId('team-member').filter({ hasText: 'Vic Viewer' });
    await vic.getByRole('button', { name: 'Remove' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => textOf(owner.getByTestId('team-members'))).not.toContain('Vic Viewer');
    const after = await viewer
      .context()
      .request.get(`${server.url}/api/admin/campaigns`, { headers: fromPage() });
    expect(after.status()).toBe(401);
    await viewer.goto(`${server.url}/admin/campaigns`);
    await viewer.waitForURL(/\/admin$/);
  });

  it('a Manager makes a report link; the brand sees the post and its views and nothing personal; revoked, it answers 410', async () => {
    const manager = await newPage(1280);
    await signInThroughApi(manager.context(), server.url, MANAGER);
    await manager.goto(`${server.url}/admin/details/${campaignId}`);
    const panel = manager.getByTestId('report-links');
    await panel.getByLabel('For whom').fill('Glow Labs marketing');
    await panel.getByRole('button', { name: 'Make report link' }).click();
    const url = await textOf(panel.getByTestId('report-link-url'));
    expect(url).toMatch(/\/report\/[A-Za-z0-9_-]{43}$/);

    const brand = await newPage(375);
    const requests: string[] = [];
    brand.on('request', (request) => requests.push(request.url()));
    const opened = await brand.goto(url);
    expect(opened?.status()).toBe(200);
    expect(await textOf(brand.getByTestId('report-views'))).toBe('12,500');
    expect(await textOf(brand.getByTestId('report-post'))).toContain('youtube.com/watch?v=abcdefghijk');
    const html = await brand.content();
    for (const personal of [
      CREATOR.email,
      CREATOR.name,
      READY_PROFILE.addressLine1,
      READY_PROFILE.paypalEmail,
    ]) {
      expect(html, personal).not.toContain(personal);
    }
    expect(requests).toEqual([url]);

    await manager.reload();
    await expect.poll(() => textOf(manager.getByTestId('report-link-views'))).toBe('1');
    await manager.getByTestId('report-link-row').getByRole('button', { name: 'Revoke' }).click();
    await manager.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect
      .poll(() => manager.getByTestId('report-link-row').getByRole('button', { name: 'Revoke' }).count())
      .toBe(0);
    const gone = await brand.goto(url);
    expect(gone?.status()).toBe(410);
  });
});
