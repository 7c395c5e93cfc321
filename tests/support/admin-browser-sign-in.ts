import type { BrowserContext, Page } from 'playwright-core';
import { adminSecrets } from './admin-secrets';
import { secretOf, totpCode } from './totp';

/*
 * An admin's sign-in in the browser past its second factor (issue 39: Owners and Finance need one): the API sign-in's
 * enrolment or code (`pastAdminSecondFactor`, called by browser.ts's signInThroughApi) and the form's
 * (`signInAdminThroughForm`).
 */

/** The code an enrolled admin's authenticator shows now (after `signInThroughApi` or `signInAdminThroughForm`). */
export function adminCode(username: string): string {
  const secret = adminSecrets.get(username.toLowerCase());
  if (!secret) throw new Error(`no authenticator enrolled for ${username} in this file`);
  return totpCode(secret);
}

/**
 * An admin's sign-in goes on as a person's would: an enrolled admin gives the code; an Owner or a Finance member
 * without an authenticator (issue 39: a second factor before acting) enrols one first, as the enrolment page does.
 */
export async function pastAdminSecondFactor(
  context: BrowserContext,
  url: string,
  who: { username: string; password: string },
  signIn: { json(): Promise<unknown> },
  /** The headers the app's own fetch sends from its page. */
  headers: Record<string, string>,
): Promise<void> {
  const post = async (path: string, data: unknown) => {
    const answer = await context.request.post(`${url}${path}`, { data, headers });
    if (!answer.ok()) throw new Error(`${path} failed: ${answer.status()} ${await answer.text()}`);
    return answer.json() as Promise<Record<string, unknown>>;
  };
  if (((await signIn.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) {
    await post('/api/auth/two-factor/verify-totp', { code: adminCode(who.username) });
    return;
  }
  const session = (await (await context.request.get(`${url}/api/session`, { headers })).json()) as {
    user?: { twoFactor?: { enrolmentRequired?: boolean } } | null;
  };
  if (!session.user?.twoFactor?.enrolmentRequired) return;
  const { totpURI } = (await post('/api/auth/two-factor/enable', { password: who.password })) as {
    totpURI: string;
  };
  adminSecrets.set(who.username.toLowerCase(), secretOf(totpURI));
  await post('/api/auth/two-factor/verify-totp', { code: adminCode(who.username) });
}

/**
 * The admin sign-in form, then what follows it for this admin: the enrolment page for an Owner or Finance member
 * without an authenticator (walked as a person would: password, the key, a code, the backup codes), or the code step
 * for one enrolled earlier in this file. Ends on the admin pages.
 */
export async function signInAdminThroughForm(
  page: Page,
  url: string,
  who: { username: string; password: string },
): Promise<void> {
  await page.goto(`${url}/admin`);
  await page.getByLabel('Username or email').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const codeStep = page.getByTestId('two-factor-step');
  // Where the sign-in leads: the code step, the enrolment page, or the campaigns page itself (its heading shown).
  // (Functions, not strings: the app's CSP refuses eval.)
  await page.waitForFunction(
    () =>
      (location.pathname === '/admin/campaigns' &&
        document.querySelector('h1')?.textContent === 'Campaign Management') ||
      location.pathname === '/admin/two-factor' ||
      document.querySelector('[data-testid="two-factor-step"]') !== null,
  );
  if ((await codeStep.count()) > 0) {
    await codeStep.getByLabel('Code from your authenticator app').fill(adminCode(who.username));
    await page.keyboard.press('Enter');
  } else if (new URL(page.url()).pathname === '/admin/two-factor') {
    await enrolOnTheEnrolmentPage(page, who);
    return;
  }
  await untilCampaignsPage(page);
}

/**
 * The enrolment page (/admin/two-factor) walked as a person would: the password, the key into an authenticator, a
 * code from it, the backup codes saved. Ends on the campaigns page.
 */
export async function enrolOnTheEnrolmentPage(
  page: Page,
  who: { username: string; password: string },
): Promise<void> {
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const key = page.getByTestId('totp-key');
  await key.waitFor();
  adminSecrets.set(who.username.toLowerCase(), ((await key.textContent()) ?? '').replace(/\s/g, ''));
  await page.getByLabel('Code from your authenticator app').fill(adminCode(who.username));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await page.getByRole('button', { name: "I've saved my codes" }).click();
  await untilCampaignsPage(page);
}

function untilCampaignsPage(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () =>
      location.pathname === '/admin/campaigns' &&
      document.querySelector('h1')?.textContent === 'Campaign Management',
  );
}
