import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { getWithCookie, postJson, signInAdmin } from '../support/auth-client';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { parseCsv } from '../support/csv';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { screenshotWidths, textOf } from '../support/page-checks';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'lena@example.com', name: 'Lena Ortiz', password: 'correct horse battery' };
const CAMPAIGN = 'Citrus Body Oil';
/** Where the journey's screenshots go (set SHIPPING_SCREENSHOTS=<folder> to look at them). */
const SHOTS = process.env.SHIPPING_SCREENSHOTS;

/**
 * Issue 13's journey: the admin exports the carrier CSV and imports tracking, the creator reports the box did not
 * arrive, the clock stops and the creator sees it, the admin replies and re-ships, the creator posts after the
 * campaign's deadline and is paid. The server's clock is moved by the test.
 */
describe('shipping, a delivery problem and the fair posting clock in the browser', () => {
  const clock = { now: new Date('2026-06-15T12:00:00Z') };
  let server: E2EServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let creator: Page;
  let admin: Page;
  let api: ReturnType<typeof createTestApp>;
  let apiAdmin: string;
  let creatorCookie: string;
  let campaignId: number;
  let applicationId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url };
    server = await startE2EServer({
      port,
      env,
      deps: { now: () => clock.now },
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    api = createTestApp(server.db, { now: () => clock.now });
    const made = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    creatorCookie = made.cookie;
    apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
    const campaign = await insertCampaign(server.db, {
      name: CAMPAIGN,
      type: 'gifting_paid',
      status: 'active',
      reward: 30,
      deadline: '2026-07-01',
      followersRequired: 0,
    });
    campaignId = campaign.id;
    const applied = await postJson(api, `/api/campaigns/${campaignId}/applications`, {}, creatorCookie);
    applicationId = ((await applied.json()) as { id: number }).id;
    expect(
      (await postJson(api, `/api/admin/applications/${applicationId}/accept`, {}, apiAdmin)).status,
    ).toBe(200);

    browser = await launchBrowser();
    const make = async () => {
      const context = await browser.newContext({
        bypassCSP: true,
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
    creator = await make();
    admin = await make();
  });

  afterAll(async () => {
    await browser?.close();
    contexts = [];
    await server?.close();
    await smtp?.close();
  });

  const adminBell = () => admin.getByTestId('admin-sidebar-bell').getByTestId('notification-bell');
  const creatorBell = () => creator.getByTestId('signed-in-header').getByTestId('notification-bell');
  const applicantCard = () => admin.getByTestId('applicant').filter({ hasText: CREATOR.name });
  const myCampaign = () => creator.getByTestId('my-campaign').filter({ hasText: CAMPAIGN });
  const openMyCampaigns = async () => {
    await creator.goto(`${server.url}/dashboard?tab=campaigns`);
    await expect.poll(() => myCampaign().count()).toBe(1);
  };

  /** Days pass between the steps of this journey: an admin session ends after 30 minutes idle, so they sign in. */
  const adminSignsIn = async () => {
    await admin.context().clearCookies();
    await signInThroughApi(admin.context(), server.url, ADMIN);
  };

  it('the admin sees where to ship, downloads the carrier CSV and imports the tracking back', async () => {
    await adminSignsIn();
    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    const card = applicantCard();
    await expect.poll(() => textOf(card.getByTestId('applicant-address'))).toContain('Austin, TX 73301');
    expect(await card.getByRole('link', { name: /@ready/ }).getAttribute('href')).toBe(
      'https://www.instagram.com/ready/',
    );

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'CSV template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`shipping-campaign-${campaignId}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(rows[0]?.slice(0, 4)).toEqual(['application_id', 'carrier', 'tracking_number', 'full_name']);
    expect(rows[1]).toEqual(
      expect.arrayContaining([String(applicationId), CREATOR.name, '1 Main St', CREATOR.email, 'ready']),
    );

    // The carrier's tool filled carrier and tracking; the same file goes back in.
    const filled = csv.replace(`${applicationId},,,`, `${applicationId},USPS,9400111899223197428490,`);
    await admin
      .getByTestId('csv-input')
      .setInputFiles({ name: 'labels.csv', mimeType: 'text/csv', buffer: Buffer.from(filled) });
    await expect.poll(() => textOf(admin.getByTestId('csv-report'))).toContain('Imported 1 shipment');
    await expect.poll(() => card.getAttribute('data-status')).toBe('shipped');
    expect((await smtp.waitForMail(CREATOR.email)).subject).toBe(`Your PR box for ${CAMPAIGN} has shipped`);
    const tracking = card.getByRole('link', { name: /USPS 9400111899223197428490/ });
    expect(await tracking.getAttribute('href')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
    );
  }, 90_000);

  it('the creator reports the box never came; the admin sees it in the queue and replies', async () => {
    clock.now = new Date('2026-06-25T12:00:00Z');
    await signInThroughApi(creator.context(), server.url, CREATOR);
    await openMyCampaigns();
    await myCampaign()
      .getByRole('button', { name: /Report a problem/ })
      .click();
    const dialog = creator.getByRole('dialog');
    await dialog.getByLabel('My PR box has not arrived').check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => myCampaign().getByTestId('delivery-problem-note').getAttribute('data-problem-status'))
      .toBe('open');
    expect(await textOf(myCampaign().getByTestId('deadline-reasons'))).toContain(
      'Your upload deadline is on hold',
    );

    await adminSignsIn();
    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    await expect.poll(() => textOf(admin.getByTestId('problems-badge').first())).toContain('1');
    // The report is in the admin's notifications too, linking to the queue.
    await adminBell().click();
    const adminPanel = admin.getByRole('dialog', { name: 'Notifications' });
    const reported = adminPanel.getByRole('link', { name: new RegExp(`Delivery problem: ${CAMPAIGN}`) });
    await expect.poll(() => reported.count()).toBe(1);
    expect(await reported.getAttribute('href')).toBe('/admin/problems');
    expect(await reported.getAttribute('data-unread')).toBe('true');
    await admin.keyboard.press('Escape');
    await expect.poll(() => adminPanel.count()).toBe(0);
    expect(await textOf(applicantCard().getByTestId('delivery-problem'))).toContain('Not received');
    await admin
      .getByRole('link', { name: /Problems/ })
      .first()
      .click();
    await admin.waitForURL(`${server.url}/admin/problems`);
    const problem = admin.getByTestId('problem').filter({ hasText: CREATOR.name });
    await expect.poll(() => problem.count()).toBe(1);
    await problem.getByLabel('Reply to the creator').fill('So sorry! We are sending a new one.');
    await problem.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => textOf(problem.getByTestId('problem-reply'))).toContain('So sorry!');
    const mail = await smtp.waitForMail(CREATOR.email);
    expect(mail.subject).toBe(`Reply about your ${CAMPAIGN} PR box`);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    await creator.reload();
    await expect
      .poll(() => textOf(myCampaign().getByTestId('problem-reply')))
      .toContain('So sorry! We are sending a new one.');
    // …and in the creator's notifications: the bell counts it and the item links to their campaigns.
    await expect.poll(() => creatorBell().getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/);
    await creatorBell().click();
    const creatorPanel = creator.getByRole('dialog', { name: 'Notifications' });
    const replied = creatorPanel.getByRole('link', {
      name: new RegExp(`The brand replied about your PR box: ${CAMPAIGN}`),
    });
    await expect.poll(() => replied.count()).toBe(1);
    expect(await replied.getAttribute('href')).toBe('/dashboard?tab=campaigns');
    await creator.keyboard.press('Escape');
    await expect.poll(() => creatorPanel.count()).toBe(0);
  }, 90_000);

  it('past the campaign deadline the admin re-ships; the creator sees the new deadline, posts and is paid', async () => {
    clock.now = new Date('2026-07-12T12:00:00Z');
    await adminSignsIn();
    await admin.goto(`${server.url}/admin/problems`);
    const problem = admin.getByTestId('problem').filter({ hasText: CREATOR.name });
    await problem.getByRole('button', { name: 'Re-ship' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Re-ship', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => admin.getByTestId('problems-badge').count()).toBe(0);

    clock.now = new Date('2026-07-14T09:00:00Z');
    await openMyCampaigns();
    await myCampaign().getByRole('button', { name: 'Confirm delivery' }).click();
    // Delivery (Jul 14) + 7 days, plus the 17 days the problem stayed open: Aug 7.
    await expect.poll(() => textOf(myCampaign().getByTestId('upload-deadline'))).toBe('Aug 7, 2026');
    const reasons = await textOf(myCampaign().getByTestId('deadline-reasons'));
    expect(reasons).toContain('Moved to 7 days after your box arrived (Jul 14).');
    expect(reasons).toContain('Extended by 17 days while a delivery problem was open.');

    clock.now = new Date('2026-07-25T12:00:00Z');
    await creator.reload();
    await myCampaign().getByRole('button', { name: 'Submit content' }).click();
    const submit = creator.getByRole('dialog');
    await submit.getByLabel('Link 1').fill('https://www.instagram.com/p/citrus1/');
    await submit.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => submit.count()).toBe(0);

    await adminSignsIn();
    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    await applicantCard()
      .getByRole('button', { name: `Approve content from ${CREATOR.name}` })
      .click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => textOf(applicantCard().getByTestId('credited')))
      .toBe('Approved: 30 Mint credited');
    const wallet = (await (await getWithCookie(api, '/api/me/wallet', creatorCookie)).json()) as {
      balance: number;
    };
    expect(wallet.balance).toBe(30);
  }, 120_000);

  it('a full queue shows 50 problems, then "Show more problems" the rest; the counts match the rows', async () => {
    // Another creator reports 55 PR boxes that did not arrive, 7 s apart, written through the routes.
    clock.now = new Date('2026-07-26T09:00:00Z');
    apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
    const many = await createReadyCreator(api, server.db, { email: 'boxes@example.com', name: 'Bo Boxes' });
    for (let i = 1; i <= 55; i += 1) {
      const campaign = await insertCampaign(server.db, {
        name: `Problem Page ${String(i).padStart(2, '0')}`,
        type: 'gifting',
        status: 'active',
        deadline: '2026-09-01',
        followersRequired: 0,
      });
      const applied = await postJson(api, `/api/campaigns/${campaign.id}/applications`, {}, many.cookie);
      const { id } = (await applied.json()) as { id: number };
      expect((await postJson(api, `/api/admin/applications/${id}/accept`, {}, apiAdmin)).status).toBe(200);
      const shipped = await postJson(
        api,
        `/api/admin/applications/${id}/shipment`,
        { carrier: 'USPS', trackingNumber: `94001118992231974${String(i).padStart(3, '0')}` },
        apiAdmin,
      );
      expect(shipped.status).toBe(200);
      clock.now = new Date(clock.now.getTime() + 7_000);
      const reported = await postJson(
        api,
        `/api/applications/${id}/delivery`,
        { action: 'report', problem: 'not_received', note: `Box ${i} never came` },
        many.cookie,
      );
      expect(reported.status).toBe(200);
    }

    await adminSignsIn();
    await admin.goto(`${server.url}/admin/problems`);
    const cards = admin.getByTestId('problem');
    await expect.poll(() => cards.count()).toBe(50);
    // The longest wait first; the open count and the sidebar badge count every open problem, shown or not yet.
    expect(await textOf(cards.first())).toContain('Box 1 never came');
    expect(await textOf(admin.getByRole('button', { name: /^Open/ }))).toBe('Open (55)');
    await expect.poll(() => textOf(admin.getByTestId('problems-badge').first())).toBe('55 open');
    expect(await textOf(admin.getByTestId('problems-shown'))).toBe('50 of 55 open problems shown');
    const more = admin.getByRole('button', { name: 'Show more problems' });
    await more.scrollIntoViewIfNeeded();
    if (SHOTS) await admin.screenshot({ path: path.join(SHOTS, 'problems-first-page-1280.png') });
    await more.click();
    await expect.poll(() => cards.count()).toBe(55);
    expect(await more.count()).toBe(0);
    expect(await admin.getByTestId('problems-shown').count()).toBe(0);
    expect(await textOf(cards.last())).toContain('Box 55 never came');
    const notes = await cards.locator('blockquote').allTextContents();
    expect(notes).toEqual(Array.from({ length: 55 }, (_, i) => `Box ${i + 1} never came`));
    await screenshotWidths(admin, SHOTS, 'problems-all-pages');

    // Resolving one from the second page: the queue and both counts follow.
    const last = cards.filter({ hasText: 'Box 55 never came' });
    await last.getByRole('button', { name: 'Resolve' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(54);
    await expect.poll(() => textOf(admin.getByRole('button', { name: /^Open/ }))).toBe('Open (54)');
    await expect.poll(() => textOf(admin.getByTestId('problems-badge').first())).toBe('54 open');
  }, 180_000);
});
