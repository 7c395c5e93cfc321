import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { MODERATION_MESSAGES } from '../../src/shared/moderation';
import { signInAdminThroughForm } from '../support/admin-browser-sign-in';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { type FakeInstagram, startFakeInstagram } from '../support/fake-instagram';
import { freePort } from '../support/free-port';
import { phoneScrollWidth, screenshotWidths, settle, textOf } from '../support/page-checks';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'nina@example.com', name: 'Nina Park', password: 'correct horse battery' };
/** Set CREATOR_SCREENSHOTS=/some/dir to keep 1280 px and 375 px screenshots of the creator page. */
const SHOTS = process.env.CREATOR_SCREENSHOTS;

describe('managing a creator in the browser: page, notes, suspend, ban, lift', () => {
  let server: E2EServer;
  let smtp: TestSmtpServer;
  let instagram: FakeInstagram;
  let browser: Browser;
  let creatorContext: BrowserContext;
  let adminContext: BrowserContext;
  let creator: Page;
  let admin: Page;
  let campaignId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    instagram = await startFakeInstagram();
    const port = await freePort();
    const env = {
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      INSTAGRAM_APP_ID: instagram.appId,
      INSTAGRAM_APP_SECRET: instagram.appSecret,
      INSTAGRAM_AUTHORIZE_BASE: instagram.url,
      INSTAGRAM_OAUTH_BASE: instagram.url,
      INSTAGRAM_API_BASE: instagram.url,
    };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    const api = createTestApp(server.db);
    const ready = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    // Nina typed 5,000 Instagram followers; she connects Instagram, which reads 62,000 (followers_count).
    instagram.accounts.set('17841400000000009', {
      userId: '17841400000000009',
      username: 'nina.park',
      ages: null,
      followersCount: 62_000,
    });
    instagram.authorizeAs = '17841400000000009';
    const started = await fetch(`${server.url}/api/me/connections/instagram`, {
      method: 'POST',
      headers: { cookie: ready.cookie, origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    const window = new URL(((await started.json()) as { url: string }).url);
    const back = (await fetch(window, { redirect: 'manual' })).headers.get('location')!;
    const connected = await fetch(back, { headers: { cookie: ready.cookie }, redirect: 'manual' });
    expect(connected.headers.get('location')).toBe('/profile?instagram=connected');
    const campaign = await insertCampaign(server.db, {
      name: 'Desert Glow Kit',
      status: 'active',
      followersRequired: 0,
      deadline: '2099-12-31',
    });
    campaignId = campaign.id;

    browser = await launchBrowser();
    creatorContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    adminContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    creator = await creatorContext.newPage();
    admin = await adminContext.newPage();
    creator.setDefaultTimeout(15_000);
    admin.setDefaultTimeout(15_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
    await instagram?.close();
  });

  async function creatorSignIn() {
    await creator.goto(`${server.url}/signin`);
    await creator.getByLabel('Email', { exact: true }).fill(CREATOR.email);
    await creator.getByLabel('Password', { exact: true }).fill(CREATOR.password);
    await creator.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  async function moderate(button: string, reason: string, confirm: string) {
    await admin.getByRole('button', { name: button }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/Reason|Note to the creator/).fill(reason);
    await dialog.getByRole('button', { name: confirm, exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  }

  it('the admin opens the creator from the list and sees their profile, handles and address', async () => {
    await signInAdminThroughForm(admin, server.url, ADMIN);
    await admin.getByRole('link', { name: 'Influencers' }).first().click();
    await admin.getByRole('link', { name: CREATOR.name }).click();
    await admin.waitForURL(/\/admin\/influencers\/\d+$/);
    await expect.poll(() => textOf(admin.locator('h1'))).toContain(CREATOR.name);
    expect(await textOf(admin.getByTestId('creator-standing'))).toBe('Active');
    expect(await textOf(admin.getByTestId('creator-address'))).toContain('Austin, TX 73301');
    const handle = admin.getByRole('link', { name: /@ready/ });
    expect(await handle.getAttribute('href')).toBe('https://www.instagram.com/ready/');
    // Instagram's own count, marked verified with the day it was read, beside the count Nina typed.
    const handles = admin.getByRole('region', { name: 'Handles and followers' });
    expect(await textOf(handles.getByTestId('verified-followers'))).toMatch(
      /^62,000\s*Verified · read \w{3} \d{1,2}/,
    );
    expect(await textOf(handles.getByTestId('stated-followers'))).toMatch(/^5,000\s*Stated$/);
    expect(await textOf(admin.getByTestId('creator-tier'))).toBe(
      'MacroTier from verified Instagram followers',
    );

    // A private note, with its author.
    await admin.getByLabel('New note').fill('Prefers DMs over mail.');
    await admin.getByRole('button', { name: 'Add note' }).click();
    await expect
      .poll(() => textOf(admin.getByTestId('creator-note').first()))
      .toContain('Prefers DMs over mail.');
    expect(await textOf(admin.getByTestId('creator-note').first())).toContain(ADMIN.email);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    expect(await phoneScrollWidth(admin)).toBeLessThanOrEqual(375);
    await screenshotWidths(admin, SHOTS, 'creator-page');
  }, 90_000);

  it('a suspension needs a reason, reaches the creator by mail and stops them applying', async () => {
    await admin.getByRole('button', { name: 'Suspend' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect.poll(() => textOf(dialog)).toContain('Give a reason');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await textOf(admin.getByTestId('creator-standing'))).toBe('Active');

    await moderate('Suspend', 'Missed two posts in a row', 'Suspend');
    await expect.poll(() => textOf(admin.getByTestId('creator-standing'))).toBe('Suspended');
    await expect
      .poll(() => textOf(admin.getByTestId('audit-entry').first()))
      .toContain('Missed two posts in a row');
    const mail = await smtp.waitForMail(CREATOR.email);
    expect(mail.subject).toBe('Your Mintbox account is suspended');

    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/campaign/${campaignId}`);
    const reason = creator.getByTestId('apply-reason');
    await expect.poll(() => textOf(reason)).toBe(MODERATION_MESSAGES.suspendedApply);
    expect(await creator.getByRole('button', { name: 'Apply Now' }).count()).toBe(0);

    // Issue 24: the dashboard says so, with the admin's reason and what still works.
    await creator.goto(`${server.url}/dashboard`);
    const notice = creator.getByTestId('standing-notice');
    await expect.poll(() => textOf(notice.locator('h2'))).toBe('Your account is suspended');
    expect(await textOf(notice.getByTestId('standing-reason'))).toContain('Missed two posts in a row');
    expect(await textOf(notice.getByTestId('standing-still-works'))).toContain(
      'redeem the Mint you have earned',
    );
    expect(await seriousAxeViolations(creator)).toEqual([]);
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
    await screenshotWidths(creator, SHOTS, 'suspended-dashboard');
    await notice.getByRole('button', { name: 'Go to Wallet' }).click();
    await creator.waitForURL(/\/dashboard\?tab=wallet$/);

    // Issue 24: the creator's own profile shows Instagram's count (verified, with the day read) and the typed one.
    await creator.goto(`${server.url}/profile`);
    const followers = creator.getByTestId('profile-followers');
    await expect
      .poll(() => textOf(followers.getByTestId('verified-followers')))
      .toMatch(/^62,000\s*Verified · read/);
    expect(await textOf(followers.getByTestId('stated-followers'))).toMatch(/^5,000\s*Stated$/);
    expect(await textOf(creator.getByTestId('profile-tier-basis'))).toBe(
      'Tier from verified Instagram followers',
    );
    // The live preview in the form counts the verified figure too, as the server does.
    expect(await textOf(creator.getByTestId('tier-preview'))).toContain(
      'Your tier: MacroFrom your largest audience: 62,000 (verified Instagram followers).',
    );
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
    await screenshotWidths(creator, SHOTS, 'profile-followers');
  }, 90_000);

  it('a ban signs the creator out and refuses sign-in; lifting it lets them back', async () => {
    await moderate('Ban', 'Bought followers', 'Ban');
    await expect.poll(() => textOf(admin.getByTestId('creator-standing'))).toBe('Banned');
    await expect.poll(() => admin.getByTestId('audit-entry').count()).toBe(2);

    // The open tab loses its session: the dashboard sends the creator to sign in.
    await creator.goto(`${server.url}/dashboard`);
    await creator.waitForURL(/\/signin/);
    await creatorSignIn();
    await expect.poll(() => textOf(creator.locator('body'))).toContain(MODERATION_MESSAGES.bannedSignIn);

    await moderate('Lift ban', 'Appeal accepted', 'Lift');
    await expect.poll(() => textOf(admin.getByTestId('creator-standing'))).toBe('Active');
    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/campaign/${campaignId}`);
    await expect.poll(() => creator.getByRole('button', { name: 'Apply Now' }).count()).toBe(1);
    await creator.goto(`${server.url}/dashboard`);
    await expect.poll(() => textOf(creator.locator('h1'))).toContain('Welcome back');
    await settle(creator);
    expect(await creator.getByTestId('standing-notice').count()).toBe(0);
  }, 90_000);
});
