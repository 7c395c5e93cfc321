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

function startChromium(): Promise<Browser> {
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

/** One Chromium per test worker: the journey files run one after another in the same worker (vitest.config.ts). */
let running: Promise<Browser> | undefined;

async function sharedChromium(): Promise<Browser> {
  const current = await running?.catch(() => undefined);
  if (current?.isConnected()) return current;
  running = startChromium();
  return running;
}

/**
 * A browser for one test file. Starting Chromium costs about a second of CPU, so the files of a worker share one
 * process: each gets a handle whose `newContext` is the browser's and whose `close` closes only the contexts (and
 * so the pages and cookies) that file opened. Contexts share nothing, so files stay as separate as with a browser
 * each. Chromium ends with the worker.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await sharedChromium();
  const opened = new Set<BrowserContext>();
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const newPage: Browser['newPage'] = async (options) => {
    const page = await browser.newPage(options);
    opened.add(page.context());
    return page;
  };
  const close: Browser['close'] = async () => {
    await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
    opened.clear();
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return newContext;
      if (property === 'newPage') return newPage;
      if (property === 'close') return close;
      if (property === 'contexts') return () => [...opened];
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
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
