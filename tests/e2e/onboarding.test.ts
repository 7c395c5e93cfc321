import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findProfile } from '../../src/db/queries/onboarding';
import { accounts } from '../../src/db/schema/auth';
import { creators } from '../../src/db/schema/creators';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { completeProfile } from '../../src/server/services/profiles';
import { profileSchema } from '../../src/shared/schemas/profile';
import { HANDLE_MESSAGES } from '../../src/shared/social-links';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi, signUpThroughApi } from '../support/browser';
import { READY_PROFILE } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaigns } from '../support/factories';
import { freePort } from '../support/free-port';
import { testServices } from '../support/services';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { testEnv } from '../support/test-app';

const PASSWORD = 'a-strong-password';
const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
/** Set ONBOARDING_SCREENSHOTS=/some/dir to keep screenshots of the handle checks (wizard and applicant card). */
const SHOTS = process.env.ONBOARDING_SCREENSHOTS;

describe('onboarding in the browser: email verification, the profile wizard, profile edits', () => {
  let server: E2EServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let page: Page;
  let campaignIds: number[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    // Each test is a person at their own address (X-Forwarded-For, trusted here): the file signs up more people
    // than the 5 sign-ups a minute one address may make.
    const env = { APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, TRUST_PROXY: 'true' };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        const rows = await insertCampaigns(db, 2, (i) => ({ name: `Onboarding Campaign ${i + 1}` }));
        campaignIds = rows.map((r) => r.id);
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    browser = await launchBrowser();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  let visitor = 0;
  beforeEach(async () => {
    visitor += 1;
    page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    ).newPage();
    // On the page, not in the context's options: contexts with the same options are reused (tests/support/browser).
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${visitor}` });
    // A step that cannot happen fails with its own message, well inside the test's time.
    page.setDefaultTimeout(15_000);
  });

  afterEach(async () => {
    await page?.context().close();
  });

  const path = () => new URL(page.url()).pathname;
  const toast = () => page.getByTestId('toast');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const stepHeading = () => page.locator('form h2').textContent();

  async function signUp(name: string, email: string) {
    await page.goto(`${server.url}/signup`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign Up');
    await field('Name').fill(name);
    await field('Email').fill(email);
    await field('Password').fill(PASSWORD);
    await button('Create Account').click();
    await page.waitForURL(`${server.url}/email-verification`);
  }

  /** The account the sign-up form makes, through the API from this test's address (the first test walks the form). */
  const signUpOffForm = (name: string, email: string) =>
    signUpThroughApi(
      page.context(),
      server.url,
      { name, email, password: PASSWORD },
      {
        'x-forwarded-for': `203.0.113.${visitor}`,
      },
    );

  async function creatorByEmail(email: string) {
    const [row] = await server.db.select().from(creators).where(eq(creators.email, email));
    if (!row) throw new Error(`no influencer ${email}`);
    return row;
  }

  /**
   * Serious accessibility problems of the page as it is now. Open toasts are closed first: axe misreads the colours
   * of the shared toast while it fades in. `include`: only that part, on a page checked whole before
   * (tests/support/axe.ts).
   */
  async function axeProblems(include?: string) {
    await closeToasts();
    // Colours are only final once fade-ins (dialog, overlay) are over.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished),
      ),
    );
    return seriousAxeViolations(page, include);
  }

  async function closeToasts() {
    for (const close of await toast().getByRole('button', { name: 'Close' }).all()) await close.click();
    await expect.poll(() => toast().count()).toBe(0);
  }

  /** The error text an input points to with aria-describedby. */
  async function errorOf(label: string) {
    const input = field(label);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    const ids = (await input.getAttribute('aria-describedby')) ?? '';
    const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
    if (!errorId) return null;
    return page.locator(`[id="${errorId}"]`).textContent();
  }

  it('signs up, verifies the emailed code, fills the wizard (errors, draft across a reload) and lands on /main', async () => {
    await signUp('Ana María López', 'ana@example.com');

    // Step 1 of verification: the account's email is prefilled.
    await expect.poll(() => page.locator('h1').textContent()).toBe('Verify your email');
    const email = field('Email address');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.inputValue()).toBe('ana@example.com');
    expect(await axeProblems()).toEqual([]);
    await email.fill('');
    expect(await button('Send Code').isDisabled()).toBe(true);
    await email.fill('ana@example.com');
    await button('Send Code').click();

    // Step 2: the code from the mail.
    const mail = await smtp.waitForMail('ana@example.com');
    expect(mail.code).toMatch(/^\d{6}$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Enter your code');
    const codeInput = field('Verification code');
    expect(await codeInput.getAttribute('maxlength')).toBe('6');
    expect(await codeInput.getAttribute('inputmode')).toBe('numeric');
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeInput.getAttribute('placeholder')).toContain('6-digit');
    expect(await axeProblems()).toEqual([]);
    // The resend button waits for the server's minute.
    expect(await page.getByRole('button', { name: /Resend code in \d+s/ }).isDisabled()).toBe(true);

    const wrong = mail.code === '000000' ? '111111' : '000000';
    await codeInput.fill(wrong.slice(0, 5));
    expect(await button('Verify').isDisabled()).toBe(true);
    await codeInput.fill(wrong);
    await button('Verify').click();
    await expect.poll(() => toast().textContent()).toContain('Verification failed');
    expect(await toast().textContent()).toContain('Please check your code and try again');
    expect(path()).toBe('/email-verification');
    // The wrong code stays in the field, with the error, to be corrected.
    await expect.poll(() => page.getByText('Invalid verification code').count()).toBeGreaterThan(0);
    expect(await codeInput.inputValue()).toBe(wrong);

    await codeInput.fill(mail.code!);
    await button('Verify').click();
    await page.waitForURL(`${server.url}/profile-setup`);
    expect((await creatorByEmail('ana@example.com')).emailVerified).toBe(true);

    // Wizard step 1, prefilled from the display name and the verified email.
    await expect.poll(stepHeading).toBe('Basic Info');
    expect(await page.getByText('Step 1 of 3').count()).toBe(1);
    expect(await field('First Name').inputValue()).toBe('Ana');
    expect(await field('Last Name').inputValue()).toBe('María López');
    expect(await field('Email').inputValue()).toBe('ana@example.com');
    expect(await field('Email').getAttribute('readonly')).not.toBeNull();
    expect(await button('Previous').isDisabled()).toBe(true);

    await field('First Name').fill('');
    await button('Next Step').click();
    await expect.poll(() => errorOf('First Name')).toBe('First name is required');
    expect(await errorOf('PayPal Email')).toBe('Invalid PayPal email format');
    expect(await errorOf('Phone Number')).toBe('Please enter a valid US phone number');
    expect(await stepHeading()).toBe('Basic Info');
    // The first wrong field has the focus.
    expect(await field('First Name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeProblems()).toEqual([]);

    await field('First Name').fill('Ana');
    await field('PayPal Email').fill('ana.pay@example.com');
    await field('Phone Number').fill('(415) 555-0134');
    await field('Phone Number').press('Enter'); // Enter means Next Step
    await expect.poll(stepHeading).toBe('Social Media');
    expect(await page.getByText('Step 2 of 3').count()).toBe(1);

    await button('Next Step').click();
    await expect.poll(() => errorOf('Primary Category')).toBe('Primary category is required');
    expect(await errorOf('Secondary Category')).toBe('Secondary category is required');
    expect(await axeProblems()).toEqual([]);

    // The same category twice, and a follower count that is not a number, stop Next Step on this step.
    await field('Primary Category').selectOption('Beauty');
    await field('Secondary Category').selectOption('Beauty');
    await field('Instagram Followers').fill('12k');
    await button('Next Step').click();
    await expect
      .poll(() => errorOf('Secondary Category'))
      .toBe('Choose a secondary category different from the primary one');
    expect(await errorOf('Instagram Followers')).toBe('Please enter a whole number');
    expect(await stepHeading()).toBe('Social Media');

    await field('Secondary Category').selectOption('Travel');
    expect(await field('Primary Category').locator('option').count()).toBe(21); // 20 categories + the prompt
    // A handle is checked by its platform's rule; a pasted profile link is reduced to the handle (issue 24).
    await field('Instagram Username').fill('https://not a url/@@@');
    await button('Next Step').click();
    await expect.poll(() => errorOf('Instagram Username')).toBe(HANDLE_MESSAGES.instagram);
    expect(await stepHeading()).toBe('Social Media');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'wizard-handle-refused.png'), fullPage: true });
    await field('Instagram Username').fill('https://www.instagram.com/ana.glow/');
    await field('Instagram Username').press('Tab');
    await expect.poll(() => field('Instagram Username').inputValue()).toBe('ana.glow');
    expect(await page.getByTestId('instagram-profile-link').getAttribute('href')).toBe(
      'https://www.instagram.com/ana.glow/',
    );
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'wizard-handle-kept.png'), fullPage: true });
    await field('Instagram Followers').fill('12,500');
    await field('TikTok Followers').fill('4000');
    await expect.poll(() => page.getByTestId('tier-preview').textContent()).toContain('Mid-Tier');

    // The draft survives a reload: same step, same values.
    await page.reload();
    await expect.poll(stepHeading).toBe('Social Media');
    expect(await field('Primary Category').inputValue()).toBe('Beauty');
    expect(await field('Secondary Category').inputValue()).toBe('Travel');
    expect(await field('Instagram Followers').inputValue()).toBe('12,500');
    await button('Previous').click();
    await expect.poll(stepHeading).toBe('Basic Info');
    expect(await field('PayPal Email').inputValue()).toBe('ana.pay@example.com');
    await button('Next Step').click();
    await expect.poll(stepHeading).toBe('Social Media');
    await button('Next Step').click();

    // Step 3: Shipping, full name = display name.
    await expect.poll(stepHeading).toBe('Shipping');
    expect(await field('Full Name').inputValue()).toBe('Ana María López');
    expect(await field('State').locator('option').count()).toBe(52); // 50 states + DC + the prompt
    await button('Complete Profile').click();
    await expect.poll(() => errorOf('Address Line 1')).toBe('Address line 1 is required');
    expect(await errorOf('City')).toBe('City is required');
    expect(await errorOf('State')).toBe('State is required');
    expect(await errorOf('ZIP Code')).toBe('Please enter a valid ZIP code');

    await field('Address Line 1').fill('500 Congress Ave');
    await field('City').fill('Austin');
    await field('State').selectOption('TX');
    await field('ZIP Code').fill('78701');
    await field('Phone Number').fill('+1 512 555 0188');
    await button('Complete Profile').click();
    await expect.poll(() => toast().textContent()).toContain('Profile completed!');
    expect(await toast().textContent()).toContain(
      'Welcome to Mintbox! Your profile has been set up successfully.',
    );
    await page.waitForURL(`${server.url}/main`);

    const creator = await creatorByEmail('ana@example.com');
    expect(creator.profileCompleted).toBe(true);
    expect(await findProfile(server.db, creator.id)).toMatchObject({
      firstName: 'Ana',
      lastName: 'María López',
      paypalEmail: 'ana.pay@example.com',
      primaryCategory: 'Beauty',
      city: 'Austin',
      state: 'TX',
      creatorTier: 'Mid-Tier',
      totalFollowers: 16500,
    });
    // The draft is gone, and the finished wizard is not shown again.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('profile-draft'))),
    ).toEqual([]);
    await page.goto(`${server.url}/profile-setup`);
    await page.waitForURL(`${server.url}/main`);
    await page.goto(`${server.url}/email-verification`);
    await page.waitForURL(`${server.url}/main`);

    // Ana applies; the admin's applicant card shows her handle (not her account username), linked to her profile.
    const applied = await page.request.post(`${server.url}/api/campaigns/${campaignIds[0]}/applications`, {
      data: {},
      headers: { origin: server.url, 'x-forwarded-for': `203.0.113.${visitor}` },
    });
    expect(applied.status()).toBe(201);
    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    ).newPage();
    try {
      admin.setDefaultTimeout(15_000);
      await signInThroughApi(admin.context(), server.url, ADMIN);
      await admin.goto(`${server.url}/admin/campaigns/${campaignIds[0]}`);
      const card = admin.getByTestId('applicant').filter({ hasText: 'Ana María López' });
      const handle = card.getByTestId('applicant-handles').getByRole('link', { name: /@ana\.glow/ });
      expect(await handle.getAttribute('href')).toBe('https://www.instagram.com/ana.glow/');
      expect(await card.textContent()).not.toContain(`@${creator.username}`);
      if (SHOTS) {
        await card.scrollIntoViewIfNeeded();
        await admin.screenshot({ path: join(SHOTS, 'applicant-card-handle.png'), fullPage: true });
      }
    } finally {
      await admin.context().close();
    }
  });

  it('routes unfinished creators: unverified to /email-verification, incomplete profile to /profile-setup', async () => {
    await signUpOffForm('Bo Chen', 'bo@example.com');
    for (const target of ['/dashboard', '/main', '/profile', '/profile-setup']) {
      await page.goto(`${server.url}${target}`);
      await page.waitForURL(`${server.url}/email-verification`);
    }
    // Another account's verified address is refused with the spec's title.
    await server.db
      .insert(creators)
      .values({ username: 'taken', name: 'Taken Creator', email: 'taken@example.com', emailVerified: true });
    await field('Email address').fill('taken@example.com');
    await button('Send Code').click();
    await expect.poll(() => toast().textContent()).toContain('Email Already Registered');
    expect(await toast().textContent()).toContain('already registered');

    await server.db.update(creators).set({ emailVerified: true }).where(eq(creators.email, 'bo@example.com'));
    for (const target of ['/dashboard', '/main', '/profile', '/email-verification']) {
      await page.goto(`${server.url}${target}`);
      await page.waitForURL(`${server.url}/profile-setup`);
    }
    await expect.poll(stepHeading).toBe('Basic Info');
  });

  it('edits the profile on /profile; a new PayPal email needs the password', async () => {
    await signUpOffForm('Cy Diaz', 'cy@example.com');
    const [row] = await server.db
      .update(creators)
      .set({ emailVerified: true })
      .where(eq(creators.email, 'cy@example.com'))
      .returning();
    await completeProfile(
      testServices({ db: server.db }),
      row!,
      profileSchema.parse({ ...READY_PROFILE, email: 'cy@example.com', instagramFollowers: 60000 }),
    );

    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('signed-in-header').getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await expect.poll(() => field('City').inputValue()).toBe('Austin');
    expect(await page.getByTestId('profile-tier').textContent()).toBe('Macro');
    expect(await button('Save Changes').isDisabled()).toBe(true);
    expect(await axeProblems()).toEqual([]);

    await field('City').fill('');
    await button('Save Changes').click();
    await expect.poll(() => errorOf('City')).toBe('City is required');
    await field('City').fill('Dallas');
    await button('Save Changes').click();
    await expect.poll(() => toast().textContent()).toContain('Profile updated');
    expect((await findProfile(server.db, row!.id))?.city).toBe('Dallas');

    // A new PayPal email asks for the password; a wrong one is refused by the server.
    await closeToasts();
    await field('PayPal Email').fill('cy.new@example.com');
    await button('Save Changes').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Confirm your new PayPal email');
    // The profile was checked whole above: the dialog is what is new.
    expect(await axeProblems('[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm and Save' }).click();
    await expect
      .poll(() => page.getByTestId('paypal-confirm-error').textContent())
      .toBe('The password is not correct.');
    expect((await findProfile(server.db, row!.id))?.paypalEmail).toBe(READY_PROFILE.paypalEmail);

    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm and Save' }).click();
    await expect.poll(() => toast().textContent()).toContain('Profile updated');
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await findProfile(server.db, row!.id))?.paypalEmail).toBe('cy.new@example.com');
    // The old PayPal address is told about the change, with the new address masked (issue 22).
    const notice = await smtp.waitForMail(READY_PROFILE.paypalEmail);
    expect(notice.text).toContain('c***@example.com');
    expect(notice.raw).not.toContain('cy.new@example.com');

    // Mail preferences: one switch per category, saved at once, with the keyboard too.
    const reminders = page.getByRole('switch', { name: 'Deadline reminders' });
    await expect.poll(() => reminders.getAttribute('aria-checked')).toBe('true');
    await reminders.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByTestId('mail-preferences-status').textContent())
      .toBe('Deadline reminders mails off. Saved.');
    expect(await reminders.getAttribute('aria-checked')).toBe('false');
    const [saved] = await server.db
      .select({ optOuts: creators.mailOptOuts })
      .from(creators)
      .where(eq(creators.id, row!.id));
    expect(saved?.optOuts).toEqual(['deadline_reminders']);
    expect(await axeProblems('[data-testid="mail-preferences"]')).toEqual([]);
  });

  it('a creator without a password confirms a PayPal change with a code from their email', async () => {
    await signUpOffForm('Dee Evans', 'dee@example.com');
    const [row] = await server.db
      .update(creators)
      .set({ emailVerified: true, provider: 'google' })
      .where(eq(creators.email, 'dee@example.com'))
      .returning();
    // A Google account has no password: only a code from the verified email proves it is the owner.
    await server.db
      .delete(accounts)
      .where(and(eq(accounts.userId, row!.authUserId!), eq(accounts.providerId, 'credential')));
    await completeProfile(
      testServices({ db: server.db }),
      row!,
      profileSchema.parse({ ...READY_PROFILE, email: 'dee@example.com' }),
    );

    await page.goto(`${server.url}/profile`);
    await expect.poll(() => field('PayPal Email').inputValue()).toBe(READY_PROFILE.paypalEmail);
    await field('PayPal Email').fill('dee.pay@example.com');
    await button('Save Changes').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send me a code' }).click();
    const mail = await smtp.waitForMail('dee@example.com');
    await dialog.getByLabel('Verification code').fill(mail.code!);
    await dialog.getByRole('button', { name: 'Confirm and Save' }).click();
    await expect.poll(() => toast().textContent()).toContain('Profile updated');
    expect((await findProfile(server.db, row!.id))?.paypalEmail).toBe('dee.pay@example.com');
  });

  it("pre-fills the shipping phone with step 1's phone, and it stays editable (issue 24)", async () => {
    await signUp('Eve Fox', 'eve@example.com');
    await button('Send Code').click();
    const mail = await smtp.waitForMail('eve@example.com');
    await field('Verification code').fill(mail.code!);
    await button('Verify').click();
    await page.waitForURL(`${server.url}/profile-setup`);
    await expect.poll(stepHeading).toBe('Basic Info');
    await field('PayPal Email').fill('eve.pay@example.com');
    await field('Phone Number').fill('(415) 555-0134');
    await button('Next Step').click();
    await expect.poll(stepHeading).toBe('Social Media');
    await field('Primary Category').selectOption('Beauty');
    await field('Secondary Category').selectOption('Travel');
    await field('Instagram Username').fill('@eve.fox');
    await field('Instagram Followers').fill('1200');
    await button('Next Step').click();
    await expect.poll(stepHeading).toBe('Shipping');
    expect(await field('Phone Number').inputValue()).toBe('(415) 555-0134');

    // Untouched, it follows a change of step 1's phone; once edited, it is the creator's.
    await button('Previous').click();
    await button('Previous').click();
    await expect.poll(stepHeading).toBe('Basic Info');
    await field('Phone Number').fill('(512) 555-0188');
    await button('Next Step').click();
    await expect.poll(stepHeading).toBe('Social Media');
    await button('Next Step').click();
    await expect.poll(stepHeading).toBe('Shipping');
    expect(await field('Phone Number').inputValue()).toBe('(512) 555-0188');
    await field('Phone Number').fill('(737) 555-0100');
    await button('Previous').click();
    await expect.poll(stepHeading).toBe('Social Media');
    await button('Next Step').click();
    await expect.poll(stepHeading).toBe('Shipping');
    expect(await field('Phone Number').inputValue()).toBe('(737) 555-0100');
  });

  it('at 375 px, the right code after a wrong one leaves no stale toast over the wizard (issue 24)', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUp('Toni Phone', 'toni@example.com');
    await button('Send Code').click();
    const mail = await smtp.waitForMail('toni@example.com');
    const codeInput = field('Verification code');
    await codeInput.fill(mail.code === '000000' ? '111111' : '000000');
    await button('Verify').click();
    await expect.poll(() => toast().textContent()).toContain('Verification failed');

    await codeInput.fill(mail.code!);
    await button('Verify').click();
    await page.waitForURL(`${server.url}/profile-setup`);
    await expect.poll(stepHeading).toBe('Basic Info');
    // Well inside the toast's five seconds: the failure is gone, and nothing sits over Next Step.
    expect(await toast().count()).toBe(0);
    const next = button('Next Step');
    await next.scrollIntoViewIfNeeded();
    const box = (await next.boundingBox())!;
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent?.trim() ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe('Next Step');
    if (process.env.ONBOARDING_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.ONBOARDING_SCREENSHOTS}/wizard-after-code-375.png` });
    }
  });
});
