import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser), with the flags this machine needs. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: install Debian's chromium package or set CHROME_PATH`);
  }
  return path;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * Waits until React runs the page: / and /campaign/:id arrive rendered by the server and hydrate after the first
 * paint (decision 0018), so a test that scrolls or types right after `goto` waits for this first.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
}

/**
 * A session cookie, as a signed-in browser has: with it the server leaves the session to the app (GET /api/session,
 * which a test may fake with page.route); without it, the public pages say "signed out" at once.
 */
export async function addSessionCookie(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: 'mintbox.session_token', value: 'browser-test', url }]);
}
