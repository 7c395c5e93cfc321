import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../src/db/schema/auth';
import { creators } from '../../src/db/schema/creators';
import { launchBrowser } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { freePort } from '../support/free-port';
import { startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider';

const GOOGLE_USER = { email: 'glow.creator@example.com', name: 'Glow Creator' };

/**
 * Sign in with Google end to end: the app talks to a real OpenID Connect provider on this machine (npm oidc-provider)
 * through the same discovery, PKCE and code exchange it uses with Google.
 */
describe('Google sign-in through a local OpenID provider', () => {
  let provider: TestOidcProvider;
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    // The app must know its own address before it starts (it is the OAuth redirect), so the port is chosen first.
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    provider = await startTestOidcProvider({ appUrl, user: GOOGLE_USER });
    server = await startE2EServer({
      port,
      env: {
        APP_URL: appUrl,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  /** Clicks Google on /signin, signs in and consents at the provider, and waits to be back in the app. */
  async function signInWithGoogle(page: Page, login: string) {
    // The provider's development pages load a web font from the internet, which this machine cannot reach.
    await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
    await page.goto(`${server.url}/signin`);
    const google = page.locator('[data-provider="google"]');
    expect(await google.getAttribute('data-available')).toBe('true');
    await google.click();

    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    // Consent (the app asks for it on every sign-in).
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((url) => url.origin === server.url && url.pathname !== '/signin', {
      timeout: 20_000,
    });
  }

  it('signs in through /auth/callback to /email-verification, linked to one influencer', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    try {
      await signInWithGoogle(page, 'glow-sub-1');
      await page.waitForURL(`${server.url}/email-verification`);
      // The server's provider callback returned the browser through the callback page.
      expect(seen).toContain('/auth/callback');

      const rows = await server.db.select().from(creators).where(eq(creators.email, GOOGLE_USER.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: GOOGLE_USER.name, provider: 'google', emailVerified: false });
      const [account] = await server.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, rows[0]!.authUserId!));
      expect(account).toMatchObject({ providerId: 'google', accountId: 'glow-sub-1' });

      const session = await page.evaluate(async () => (await fetch('/api/session')).json());
      expect(session.user).toMatchObject({ email: GOOGLE_USER.email, role: 'influencer' });
      expect(session.user.creator.id).toBe(rows[0]!.id);
    } finally {
      await context.close();
    }
  });

  it('a second sign-in, in a fresh browser, reaches the same influencer', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInWithGoogle(page, 'glow-sub-1');
      await page.waitForURL(`${server.url}/email-verification`);
      const rows = await server.db.select().from(creators).where(eq(creators.email, GOOGLE_USER.email));
      expect(rows).toHaveLength(1);
      expect(await server.db.select().from(users).where(eq(users.email, GOOGLE_USER.email))).toHaveLength(1);
      const session = await page.evaluate(async () => (await fetch('/api/session')).json());
      expect(session.user.creator.id).toBe(rows[0]!.id);
    } finally {
      await context.close();
    }
  });
});
