import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { PASSWORD_MESSAGES } from '../../src/shared/rules/password';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { startBuiltServer } from '../support/built-server';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { freePort } from '../support/free-port';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { testEnv } from '../support/test-app';

const ADMIN = { email: 'keeper@mintbox.test', username: 'keeper', password: 'admin password 2026!' };

describe('forgot password, in the browser', () => {
  let server: E2EServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url };
    server = await startE2EServer({
      port,
      env,
      seed: (db) =>
        upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), {
          ...ADMIN,
          role: 'manager',
        }),
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  beforeEach(async () => {
    page = await (
      await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true })
    ).newPage();
    page.setDefaultTimeout(15_000);
  });

  afterEach(async () => {
    await page?.context().close();
  });

  const path = () => new URL(page.url()).pathname;
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const heading = () => page.locator('h1').textContent();
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  async function signUp(name: string, email: string, password: string) {
    await page.goto(`${server.url}/signup`);
    await expect.poll(heading).toBe('Sign Up');
    await field('Name').fill(name);
    await field('Email').fill(email);
    await field('Password').fill(password);
    await button('Create Account').click();
  }

  /** The link in the newest reset mail to `email`. */
  async function resetLinkFor(email: string) {
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Reset your Mintbox password');
    const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    return link!;
  }

  it('shows the password rule, and the server refusing a common password, at sign-up', async () => {
    await signUp('Rule Reader', 'rules@example.com', 'password');
    await expect.poll(() => page.getByText(PASSWORD_MESSAGES.tooShort).count()).toBe(1);
    await field('Password').fill('1234567890');
    await button('Create Account').click();
    await expect.poll(() => page.getByTestId('auth-error').textContent()).toBe(PASSWORD_MESSAGES.common);
    expect(path()).toBe('/signup');
    await field('Password').fill('rules are for reading');
    await button('Create Account').click();
    await page.waitForURL(`${server.url}/email-verification`);

    // Someone else signing up with that address learns nothing from the sign-up; the owner gets a mail.
    await page.context().clearCookies();
    await signUp('Someone Else', 'rules@example.com', 'not the owners password');
    await expect
      .poll(() => page.getByTestId('auth-error').textContent())
      .toBe('We sent a message to rules@example.com. Follow it to continue.');
    const notice = await smtp.waitForMail('rules@example.com');
    expect(notice.subject).toBe('You already have a Mintbox account');
  });

  it('resets a forgotten password from /signin with the mailed link, once', async () => {
    await signUp('Forgetful Fay', 'fay@example.com', 'my first passphrase');
    await page.waitForURL(`${server.url}/email-verification`);
    await page.context().clearCookies();

    await page.goto(`${server.url}/signin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await expect.poll(heading).toBe('Forgot your password?');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field('Email').fill('fay@example.com');
    await button('Send reset link').click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('fay@example.com');
    expect(await noHorizontalScroll()).toBe(true);

    const link = await resetLinkFor('fay@example.com');
    await page.goto(link);
    await expect.poll(heading).toBe('Choose a new password');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field('New password').fill('sunshine2026');
    await field('Confirm new password').fill('sunshine2026');
    await button('Set new password').click();
    await expect.poll(() => page.getByTestId('reset-error').textContent()).toBe(PASSWORD_MESSAGES.common);
    await field('New password').fill('my second passphrase');
    await field('Confirm new password').fill('my second passphrase');
    await button('Set new password').click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your password was changed');
    expect(await noHorizontalScroll()).toBe(true);

    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.url}/signin`);
    await field('Email').fill('fay@example.com');
    await field('Password').fill('my second passphrase');
    await button('Sign In').click();
    await page.waitForURL(`${server.url}/email-verification`);

    // The same link a second time: refused, with a way to ask for a new one.
    await page.context().clearCookies();
    await page.goto(link);
    await field('New password').fill('my third passphrase');
    await field('Confirm new password').fill('my third passphrase');
    await button('Set new password').click();
    await expect.poll(() => page.getByTestId('reset-error').textContent()).toMatch(/invalid or has expired/);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Forgot your password?', exact: true }).count())
      .toBe(1);
  });

  it('offers the same from /admin, and brings the admin back to /admin', async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password\?to=admin$/);
    await field('Email').fill(ADMIN.email);
    await button('Send reset link').click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain(ADMIN.email);

    const link = await resetLinkFor(ADMIN.email);
    expect(link).toContain('to=admin');
    await page.goto(link);
    await field('New password').fill('a new admin passphrase');
    await field('Confirm new password').fill('a new admin passphrase');
    await button('Set new password').click();
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.url}/admin`);
    await field('Username or email').fill(ADMIN.username);
    await field('Password').fill('a new admin passphrase');
    await button('Sign In').click();
    await page.waitForURL(`${server.url}/admin/campaigns`);
    // Signed in with the new password: the admin's campaigns.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Campaign Management', exact: true }).count())
      .toBe(1);
  });
});

describe('development on 127.0.0.1, in the browser', () => {
  it('signs a newcomer up on http://127.0.0.1 when APP_URL names localhost', async () => {
    const port = await freePort();
    // `npm run dev`'s configuration, in a process of its own (as a developer runs it).
    const server = await startBuiltServer(port, {
      NODE_ENV: 'development',
      APP_URL: `http://localhost:${port}`,
    });
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`http://127.0.0.1:${port}/signup`);
      await page.getByLabel('Name', { exact: true }).fill('New Comer');
      await page.getByLabel('Email', { exact: true }).fill('newcomer@example.com');
      await page.getByLabel('Password', { exact: true }).fill('first day on mintbox');
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await page.waitForURL(`http://127.0.0.1:${port}/email-verification`, { timeout: 15_000 });
      // Signed up and on the next step, as the newcomer sees it: the verification page, not an error.
      await expect
        .poll(() => page.locator('h1').first().textContent())
        .toMatch(/^(Verify your email|Enter your code)$/);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
