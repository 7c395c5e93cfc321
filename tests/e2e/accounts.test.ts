import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creators } from '../../src/db/schema/creators';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { ADMIN_INVALID_CREDENTIALS, providerNotConfiguredMessage } from '../../src/shared/schemas/auth';
import { signInAdminThroughForm } from '../support/admin-browser-sign-in';
import { launchBrowser, signInThroughApi, signUpThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaigns } from '../support/factories';
import { freePort } from '../support/free-port';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };

describe('accounts in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}` };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await insertCampaigns(db, 3, (i) => ({ name: `Creator Home Campaign ${i + 1}` }));
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    const context = await browser.newContext();
    page = await context.newPage();
  });

  afterEach(async () => {
    await page?.context().close();
  });

  const path = () => new URL(page.url()).pathname;

  async function signUp(name: string, email: string, password: string) {
    await page.goto(`${server.url}/signup`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign Up');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
  }

  async function signIn(email: string, password: string) {
    await page.goto(`${server.url}/signin`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign In');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  async function adminSignIn(username: string, password: string) {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('email sign-up makes an influencer and goes to email verification; sign out and sign in again', async () => {
    await signUp('Ana María López', 'ana@example.com', 'a-strong-password');
    await page.waitForURL(`${server.url}/email-verification`);
    const [row] = await server.db.select().from(creators).where(eq(creators.email, 'ana@example.com'));
    expect(row).toMatchObject({
      name: 'Ana María López',
      provider: 'email',
      emailVerified: false,
      userType: 'influencer',
    });
    expect(row?.authUserId).toBeTruthy();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.url}/signin`);
    // The session is really gone: a creator page sends the visitor back to sign in.
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/signin`);

    await signIn('ana@example.com', 'a-strong-password');
    await page.waitForURL(`${server.url}/email-verification`);
    // Signing in again does not make a second influencer.
    expect(await server.db.select().from(creators).where(eq(creators.email, 'ana@example.com'))).toHaveLength(
      1,
    );
  });

  it('a verified creator signs in to /main, sees campaigns and is greeted on the dashboard', async () => {
    // The sign-up form is the first test's: here the account is made through the API, then the session dropped.
    await signUpThroughApi(page.context(), server.url, {
      name: 'Kim Park',
      email: 'kim@example.com',
      password: 'another-password',
    });
    await server.db
      .update(creators)
      .set({ emailVerified: true, profileCompleted: true })
      .where(eq(creators.email, 'kim@example.com'));
    await page.context().clearCookies();

    await signIn('kim@example.com', 'another-password');
    await page.waitForURL(`${server.url}/main`);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Hi Kim');
    await expect.poll(() => page.locator('[data-testid="campaign-card"]').count()).toBe(3);

    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome back, Kim!');
  });

  it('shows the server error in the form when the password is wrong, and field messages when empty', async () => {
    await page.goto(`${server.url}/signin`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address').count()).toBe(1);
    await expect.poll(() => page.getByText('Password is required').count()).toBe(1);

    await signIn('nobody@example.com', 'wrong-password');
    await expect.poll(() => page.getByTestId('auth-error').textContent()).toBe('Invalid email or password');
    expect(path()).toBe('/signin');
  });

  it('an unconfigured provider explains itself in a toast and stays on the page', async () => {
    await page.goto(`${server.url}/signin`);
    const google = page.locator('[data-provider="google"]');
    expect(await google.getAttribute('data-available')).toBe('false');
    await google.click();
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.count()).toBe(1);
    expect(await toast.textContent()).toContain('Social login failed');
    expect(await toast.textContent()).toContain(providerNotConfiguredMessage('google'));

    await page.locator('[data-provider="tiktok"]').click();
    // One toast at a time: the TikTok one replaces the Google one.
    await expect.poll(() => toast.first().textContent()).toContain('TikTok login failed');
    expect(await toast.count()).toBe(1);
    expect(await toast.textContent()).toContain(
      `Failed to authenticate with TikTok: ${providerNotConfiguredMessage('tiktok')}`,
    );
    expect(path()).toBe('/signin');
  });

  it('a failed provider return shows Authentication Error, then goes to /signin after 3 seconds', async () => {
    // The page's clock stands still and the test moves it: the app's real 3 s timer, not waited out. The context
    // keeps its fake clock, so it is not reused (tests/support/browser.ts).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const callback = `${server.url}/auth/callback?provider=google&error=access_denied`;
    await page.goto(callback);
    const heading = () => page.evaluate(() => document.querySelector('h1')?.textContent ?? null);
    // In 10 ms steps until the error shows (the app starts on timers too): the redirect's timer was set at most
    // 10 ms before the clock last stopped.
    for (let step = 0; (await heading()) !== 'Authentication Error'; step++) {
      expect(step, 'the error page never showed').toBeLessThan(1_000);
      await page.clock.runFor(10);
    }
    expect(await page.getByText('Redirecting to sign in page...').count()).toBe(1);
    await page.clock.runFor(2_900);
    // Still there just before 3 seconds...
    expect(page.url()).toBe(callback);
    expect(await heading()).toBe('Authentication Error');
    // ...and on the sign-in page once they have passed.
    await page.clock.runFor(200);
    await page.waitForURL(`${server.url}/signin`, { timeout: 10_000 });
    // The sign-in form, where the visitor can try again.
    await expect.poll(() => page.getByRole('heading', { name: 'Sign In', exact: true }).count()).toBe(1);
  });

  it('a signed-out visitor opening /dashboard is sent to /signin, and /admin/campaigns to /admin', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/signin`);
    await page.goto(`${server.url}/admin/campaigns`);
    await page.waitForURL(`${server.url}/admin`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Admin Sign In');
  });

  it('a wrong admin password shows the alert text exactly', async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Username is required').count()).toBe(1);
    await expect.poll(() => page.getByText('Password is required').count()).toBe(1);

    await adminSignIn(ADMIN.username, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(ADMIN_INVALID_CREDENTIALS);
    expect(path()).toBe('/admin');
  });

  it('an admin signs in to /admin/campaigns and sees the creators; sign out ends it', async () => {
    await signInAdminThroughForm(page, server.url, ADMIN);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Campaign Management');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Influencers' }).click();
    await page.waitForURL(`${server.url}/admin/influencers`);
    await expect.poll(() => page.getByTestId('influencer-row').count()).toBeGreaterThanOrEqual(2);
    await page.getByLabel('Search creators').fill('ana@');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByTestId('influencer-row').count()).toBe(1);
    expect(await page.getByTestId('influencer-row').textContent()).toContain('ana@example.com');

    await page.goto(`${server.url}/admin/settings`);
    await expect.poll(() => page.getByTestId('admin-email').textContent()).toBe(ADMIN.email);
    // The admin's own mail digest: on, but this server sends none (no mail server, no interval outside production)
    // and says why and what to set (issue 41); switching it off is saved at once.
    const digest = page.getByRole('switch', { name: 'Mail digest' });
    await expect.poll(() => digest.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('digest-not-sent').textContent()).toContain('Set SMTP_URL');
    await digest.click();
    await expect
      .poll(() => page.getByTestId('digest-setting').textContent())
      .toContain('Mail digest off. Saved.');
    expect(await digest.getAttribute('aria-checked')).toBe('false');

    // Already signed in: /admin goes straight on.
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(`${server.url}/admin/campaigns`);

    // Signing out of the admin lands on the admin sign-in page (issue 41).
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForURL(`${server.url}/admin`);
    await page.goto(`${server.url}/admin/influencers`);
    await page.waitForURL(`${server.url}/admin`);
    // Signed out, an admin page shows the admin sign-in form instead.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Admin Sign In', exact: true }).count())
      .toBe(1);
  });

  it('a creator opening an admin page is sent to the admin sign-in, with no admin UI', async () => {
    await signInThroughApi(page.context(), server.url, {
      email: 'ana@example.com',
      password: 'a-strong-password',
    });
    await page.goto(`${server.url}/admin/campaigns`);
    await page.waitForURL(`${server.url}/admin`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Admin Sign In');
    expect(await page.getByText('Campaign Management').count()).toBe(0);
    // The server refuses the admin API to a creator whatever the browser shows.
    const status = await page.evaluate(async () => (await fetch('/api/admin/influencers')).status);
    expect(status).toBe(403);
  });

  it('signing out from /profile makes no call the server answers 401 (issue 24)', async () => {
    await createReadyCreator(createTestApp(server.db), server.db, {
      email: 'lee@example.com',
      name: 'Lee Moss',
    });
    await signInThroughApi(page.context(), server.url, {
      email: 'lee@example.com',
      password: 'correct horse battery',
    });
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.getByLabel('City', { exact: true }).inputValue()).toBe('Austin');
    // The calls the page makes from the click on, recorded as they start (a query cleared by the sign-out refetches
    // before the sign-in page shows; it may be cancelled in the page and still reach the server and get its 401).
    await page.evaluate(() => {
      const started: string[] = [];
      Object.assign(window, { started });
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        started.push(`${init?.method ?? 'GET'} ${new URL(url, location.href).pathname}`);
        return original(input, init);
      };
    });
    await page.getByTestId('signed-in-header').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.url}/signin`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign In');
    const started = await page.evaluate(() => (window as unknown as { started: string[] }).started);
    expect(started[0]).toBe('POST /api/auth/sign-out');
    // Each later read, asked again now that the session is over, is one a signed-out visitor may make.
    const refused = [];
    for (const call of started.slice(1)) {
      const [method, pathname] = call.split(' ');
      if (method === 'GET' && (await page.request.get(`${server.url}${pathname}`)).status() === 401)
        refused.push(call);
    }
    expect(refused).toEqual([]);
  });
});
