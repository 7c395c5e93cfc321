import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import type { Payout } from '../../src/shared/schemas/payout';
import { enrolOnTheEnrolmentPage } from '../support/admin-browser-sign-in';
import { postJson } from '../support/auth-client';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { captureMailer } from '../support/capture-mailer';
import { createReadyCreator, READY_PROFILE } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { giveMint } from '../support/mint';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { insertSnapshot, insertSubmittedPost } from '../support/posts';
import { createTestApp, testEnv } from '../support/test-app';

const OWNER = { email: 'olivia@mintbox.test', username: 'olivia', password: 'owner password 2026' };
const MANAGER = { email: 'max@mintbox.test', username: 'max', password: 'manager password 2026' };
const CREATOR = { email: 'rosa.private@example.com', name: 'Rosa Secret' };
const POST = 'https://www.youtube.com/watch?v=abcdefghijk';
const NEW_PASSWORD = 'a long new password 1';
const QUESTION = 'When does the box ship?';
const ASKING = { email: 'lia@example.com', name: 'Lia Stone' };
/** Set TEAM_SCREENSHOTS=/some/dir to keep 1280 px and 375 px screenshots of each role's pages. */
const SHOTS = process.env.TEAM_SCREENSHOTS;

/** Issue 39 in the browser: the team's roles and invitations (1280 px Owner, 375 px Viewer), and a brand's report link. */
describe('the team and report links in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  const mailer = captureMailer();
  let payoutId = 0;
  let campaignId = 0;
  let conversationId = 0;
  let creatorId = 0;
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
    creatorId = creator.creatorId;
    await giveMint(server.db, creator.creatorId, 80);
    const redeemed = await postJson(api, '/api/me/payouts', { amount: 50 }, creator.cookie, {
      'idempotency-key': 'team-journey-1',
    });
    payoutId = ((await redeemed.json()) as Payout).id;
    const campaign = await insertCampaign(server.db, {
      name: 'Glow Serum Launch',
      brand: 'Glow Labs',
      status: 'active',
    });
    campaignId = campaign.id;
    // A second creator applies and asks the team a question.
    const asking = await createReadyCreator(api, server.db, ASKING);
    const applied = await postJson(api, `/api/campaigns/${campaignId}/applications`, {}, asking.cookie);
    const { id: applicationId } = (await applied.json()) as { id: number };
    const opened = await postJson(api, `/api/applications/${applicationId}/conversation`, {}, asking.cookie);
    conversationId = ((await opened.json()) as { id: number }).id;
    const asked = await postJson(
      api,
      `/api/conversations/${conversationId}/messages`,
      { body: QUESTION },
      asking.cookie,
    );
    expect(asked.status).toBe(201);
    const submissionId = await insertSubmittedPost(server.db, {
      campaignId,
      creatorId: creator.creatorId,
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
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('an Owner invites a Viewer and a Finance member; the Viewer reads but cannot act; Finance pays by clicking; removing the Viewer signs them out at once', async () => {
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
    await screenshotWidths(owner, SHOTS, 'team-owner');
    expect(await phoneScrollWidth(owner)).toBeLessThanOrEqual(375);

    // The Viewer joins from the mail's link on a phone and lands on the campaigns, with nothing to change there.
    const viewer = await newPage(375);
    await viewer.goto(linkIn('vic@brand.test'));
    await expect.poll(() => textOf(viewer.getByTestId('invitation-role'))).toContain('Viewer');
    await viewer.getByLabel('Your name').fill('Vic Viewer');
    await viewer.getByLabel('Choose a password').fill(NEW_PASSWORD);
    await viewer.getByRole('button', { name: 'Join the team' }).click();
    await viewer.waitForURL(/\/admin\/campaigns$/);
    await expect.poll(() => textOf(viewer.locator('h1'))).toBe('Campaign Management');
    await expect.poll(() => viewer.getByText('Glow Serum Launch').count()).toBeGreaterThan(0);
    expect(await viewer.getByRole('button', { name: /Add Campaign|Edit|Delete/ }).count()).toBe(0);

    // The review page: the applicant and the submitted post are there, no step to take and no conversation to open.
    await viewer.goto(`${server.url}/admin/campaigns/${campaignId}`);
    await expect.poll(() => viewer.getByTestId('applicant').count()).toBe(2);
    const actions = /^(Accept|Reject|Approve|Request changes|Edit|Conversation)( |$)|CSV/;
    expect(await viewer.getByRole('button', { name: actions }).count()).toBe(0);
    expect(await viewer.getByRole('checkbox').count()).toBe(0);
    await screenshotWidths(viewer, SHOTS, 'team-viewer-review');
    expect(await phoneScrollWidth(viewer)).toBeLessThanOrEqual(375);

    // The creator's question reads, without a box to answer it.
    await viewer.goto(`${server.url}/admin/messages?c=${conversationId}`);
    await expect.poll(() => textOf(viewer.getByTestId('conversation-thread'))).toContain(QUESTION);
    expect(await textOf(viewer.getByTestId('conversation-read-only'))).toBe(
      'Your role (Viewer) reads the conversations; replying needs the Manager or Owner role.',
    );
    expect(await viewer.getByRole('textbox', { name: 'Your message' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Send' }).count()).toBe(0);

    // Payments: the ledger, without Adjust Mint, Process Payment, selection, the export or the tax year.
    await viewer.goto(`${server.url}/admin/payments`);
    await expect.poll(() => viewer.getByTestId('transaction-row').count()).toBeGreaterThan(0);
    expect(await viewer.getByRole('button', { name: /Adjust Mint|Process Payment/ }).count()).toBe(0);
    expect(await viewer.getByRole('link', { name: /Export Report/ }).count()).toBe(0);
    expect(await viewer.getByRole('checkbox').count()).toBe(0);
    expect(await viewer.getByRole('tab', { name: 'Tax year' }).count()).toBe(0);
    await screenshotWidths(viewer, SHOTS, 'team-viewer-payments');
    expect(await phoneScrollWidth(viewer)).toBeLessThanOrEqual(375);
    // The server refuses the same calls, naming who may.
    const pay = await viewer.context().request.post(`${server.url}/api/admin/payouts/process`, {
      data: { ids: [payoutId], mode: 'manual' },
      headers: fromPage(),
    });
    expect(pay.status()).toBe(403);
    expect(await pay.json()).toMatchObject({ code: 'FORBIDDEN_ROLE', allowed: ['finance', 'owner'] });
    const adjust = await viewer
      .context()
      .request.post(`${server.url}/api/admin/influencers/${creatorId}/adjustments`, {
        data: { amount: 10, reason: 'Not mine to give' },
        headers: fromPage(),
      });
    expect(adjust.status()).toBe(403);
    const tax = await viewer
      .context()
      .request.get(`${server.url}/api/admin/tax-year`, { headers: fromPage() });
    expect(tax.status()).toBe(403);

    // Finance joins from the mail's link, enrols an authenticator on the enrolment page, and pays by clicking.
    const finance = await newPage(1280);
    await finance.goto(linkIn('fin@brand.test'));
    await finance.getByLabel('Your name').fill('Fin Finance');
    await finance.getByLabel('Choose a password').fill(NEW_PASSWORD);
    await finance.getByRole('button', { name: 'Join the team' }).click();
    await finance.waitForURL(/\/admin\/two-factor/);
    await enrolOnTheEnrolmentPage(finance, { username: 'fin', password: NEW_PASSWORD });
    expect(await finance.getByRole('button', { name: 'Add Campaign' }).count()).toBe(0);
    await finance.goto(`${server.url}/admin/payments`);
    const row = finance.getByTestId('transaction-row').filter({ hasText: `PayPal payout #${payoutId}` });
    await row.getByRole('checkbox').check();
    expect(await finance.getByRole('tab', { name: 'Tax year' }).count()).toBe(1);
    await finance.getByRole('button', { name: /^Process Payment/ }).click();
    const process = finance.getByTestId('process-dialog');
    await process.getByRole('button', { name: /^Start 1 payout/ }).click();
    // Paid by hand (no PayPal here): the reference recorded, the payout Completed on screen.
    await process.getByLabel('PayPal transaction id or reference').fill('7PK94856XT123456A');
    await process.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => textOf(process)).toContain('7PK94856XT123456A');
    await process.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => textOf(row.getByTestId('cell-status'))).toBe('Completed');
    await screenshotWidths(finance, SHOTS, 'team-finance-paid');
    expect(await phoneScrollWidth(finance)).toBeLessThanOrEqual(375);

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
  }, 120_000);

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
      ASKING.email,
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
    // The row's badge reads Revoked once the list is read again after the revocation's answer. (Its Revoke button
    // leaves the accessibility tree as soon as the dialog opens, so counting it raced the revocation.)
    await expect.poll(() => textOf(manager.getByTestId('report-link-row'))).toContain('Revoked');
    const gone = await brand.goto(url);
    expect(gone?.status()).toBe(410);
  });
});
