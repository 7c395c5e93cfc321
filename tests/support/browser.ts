import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pastAdminSecondFactor } from './admin-browser-sign-in';
import { WAIT_LIMITS, WaitTimeout, within } from './bounded';
import { startChromium } from './chromium-launch';

/** One Chromium per test worker: the journey files run one after another in the same worker (vitest.config.ts). */
let running: Promise<Browser> | undefined;

async function sharedChromium(): Promise<Browser> {
  const current = await running?.catch(() => undefined);
  if (current?.isConnected()) return current;
  running = startChromium();
  return running;
}

type ContextOptions = Parameters<Browser['newContext']>[0];

/** The context methods whose effect a reset cannot undo: a context they were called on is closed, never reused. */
const LASTING_CHANGES = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'routeWebSocket',
  'routeFromHAR',
  'setHTTPCredentials',
  'on',
  'once',
  'addListener',
  'prependListener',
] as const;

/** The clock methods that fake a context's time (`page.clock` is its context's): such a context is never reused. */
const CLOCK_CHANGES = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt'] as const;

/** What a site may keep in a browser besides cookies (which Playwright clears) and the HTTP cache (kept on purpose). */
const SITE_STORAGE =
  'local_storage,indexeddb,service_workers,cache_storage,file_systems,websql,shared_storage,storage_buckets';

/**
 * Reset contexts waiting for a test, by their options: shared by the files of a worker (a file's `close()` hands
 * its contexts back here), so only the worker's first file pays for new ones. Emptied when Chromium is started again.
 */
const idle = new Map<string, BrowserContext[]>();
/** Each context in use, with the `opened` set of the file's handle that holds it. */
const holders = new Map<BrowserContext, Set<BrowserContext>>();

/**
 * A browser for one test file. Starting Chromium costs about a second of CPU, so the files of a worker share one
 * process: each gets a handle whose `newContext` is the browser's and whose `close` ends only the contexts (and so
 * the pages and cookies) that file opened. Chromium ends with the worker.
 *
 * A new context's first page costs about 1.4 s of CPU (a renderer, then every script of the app fetched and
 * compiled with an empty cache) against 0.7 s for a new page of a context that has one open; journeys open a context
 * per test or per person. So `close()` on a context of this handle does not end it: it closes its pages but one
 * (left on about:blank, see forgetVisitor) and forgets the visitor (cookies, site storage of every origin its pages
 * opened, permissions, routes, extra headers, offline mode), and the next `newContext` with the same options, of
 * this file or of the worker's next one, gets it back. The handle's own `close()` does the same with every context
 * the file still holds. What is left is the browser's cache of the app's files, which a returning visitor has too.
 * A context given anything a reset cannot take back (an init script, a binding, an event listener: LASTING_CHANGES;
 * a fake clock: CLOCK_CHANGES) is closed for real instead.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await sharedChromium();
  if ([...holders.keys(), ...[...idle.values()].flat()].some((context) => context.browser() !== browser)) {
    idle.clear();
    holders.clear();
  }
  const opened = new Set<BrowserContext>();

  const fresh = async (options: ContextOptions, key: string | undefined) => {
    const context = await browser.newContext(options);
    const reallyClose = context.close.bind(context);
    context.once('close', () => {
      holders.get(context)?.delete(context);
      holders.delete(context);
      for (const [k, list] of idle)
        idle.set(
          k,
          list.filter((c) => c !== context),
        );
    });
    if (key === undefined) return context;
    const origins = new Set<string>();
    let lasting = false;
    context.on('page', (page) =>
      page.on('framenavigated', (frame) => {
        const { origin } = new URL(frame.url());
        if (origin.startsWith('http')) origins.add(origin);
      }),
    );
    for (const method of LASTING_CHANGES) {
      const original = (context[method] as (...args: unknown[]) => unknown).bind(context);
      Object.assign(context, {
        [method]: (...args: unknown[]) => {
          lasting = true;
          return original(...args);
        },
      });
    }
    // A fake clock (the context's, which its pages share) stays installed in the context: no reset removes it.
    for (const method of CLOCK_CHANGES) {
      const clock = context.clock;
      const original = (clock[method] as (...args: unknown[]) => unknown).bind(clock);
      Object.assign(clock, {
        [method]: (...args: unknown[]) => {
          lasting = true;
          return original(...args);
        },
      });
    }
    const closeForGood = () => within('a browser context: close', WAIT_LIMITS.browserContext, reallyClose());
    context.close = async () => {
      const holder = holders.get(context);
      if (lasting || !holder) return closeForGood();
      holder.delete(context);
      holders.delete(context);
      try {
        await within(
          'a browser context: reset for the next visitor',
          WAIT_LIMITS.browserContext,
          forgetVisitor(context, origins, options),
        );
      } catch {
        // Whatever the reset could not do (a page that would not close, a step past its time): not reused.
        return closeForGood();
      }
      origins.clear();
      idle.set(key, [...(idle.get(key) ?? []), context]);
    };
    return context;
  };

  const hold = (context: BrowserContext) => {
    opened.add(context);
    holders.set(context, opened);
    return context;
  };
  const newContext: Browser['newContext'] = async (options) => {
    const key = reusableKey(options);
    return hold((key !== undefined && idle.get(key)?.pop()) || (await fresh(options, key)));
  };
  const newPage: Browser['newPage'] = async (options) => {
    const page = await browser.newPage(options);
    hold(page.context());
    return page;
  };
  const close: Browser['close'] = async () => {
    const mine = [...opened];
    opened.clear();
    // A context already closed (with its browser) rejects: nothing to wait for. A wait past its time fails the hook.
    await Promise.all(
      mine.map((context) =>
        context.close().catch((error: unknown) => {
          if (error instanceof WaitTimeout) throw error;
        }),
      ),
    );
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

/** The options as a key when they are plain data (a function or a recording makes the context one-off). */
function reusableKey(options: ContextOptions): string | undefined {
  if (options?.recordVideo || options?.recordHar || options?.storageState) return undefined;
  try {
    return JSON.stringify(options ?? {}, (_key, value: unknown) => {
      if (typeof value === 'function') throw new Error('not plain data');
      return value;
    });
  } catch {
    return undefined;
  }
}

/**
 * Makes a used context look new to the next visitor. One page stays open on about:blank: a context with a live page
 * opens the next one for about 0.7 s of CPU, one whose pages all closed pays the full 1.3-1.7 s again (the renderer
 * and the compiled scripts go with the last page). The others close; the site storage of the origins the pages
 * opened is cleared through the DevTools protocol (it acts on the page's context), after the pages left them so
 * nothing is written back; then the context's own settings go back to its options.
 */
async function forgetVisitor(context: BrowserContext, origins: Set<string>, options: ContextOptions) {
  const [kept, ...others] = context.pages();
  await Promise.all(others.map((page) => page.close()));
  const page = kept ?? (await context.newPage());
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('about:blank');
  const session = await context.newCDPSession(page);
  for (const origin of origins) {
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: SITE_STORAGE });
  }
  await session.detach();
  await context.clearCookies();
  await context.clearPermissions();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setExtraHTTPHeaders(options?.extraHTTPHeaders ?? {});
  await context.setOffline(options?.offline ?? false);
  await context.setGeolocation(options?.geolocation ?? null);
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

/** The headers the app's own fetch sends from its page (the origin check wants one of them), and any extra ones. */
function fromThePage(url: string, headers: Record<string, string> = {}): Record<string, string> {
  return { origin: url, 'sec-fetch-site': 'same-origin', ...headers };
}

/**
 * Signs a browser context in through the API, as the sign-in forms do: the session cookie lands in the context's
 * cookie jar (its `request` shares it), so the next page the context opens is signed in. That is a page load and a
 * render fewer than the form (the sign-in page, then the page it leads to); for journeys whose subject is not the
 * form. The forms are still walked: the creator's in `accounts`, `account-switch`, `lifecycle`, `password-reset`,
 * `data-rights` (a closed account refused) and `creator-management` (a ban refused); the admin's in `accounts`,
 * `admin-two-factor` (with its code), `lifecycle`, `payouts`, `conversations`, `audit-log`, `creator-management`
 * and `password-reset`.
 */
export async function signInThroughApi(
  context: BrowserContext,
  url: string,
  who: { email: string; password: string } | { username: string; password: string },
  headers?: Record<string, string>,
): Promise<void> {
  const [path, data] =
    'username' in who
      ? ['/api/auth/admin-sign-in', { username: who.username, password: who.password }]
      : ['/api/auth/sign-in/email', { email: who.email, password: who.password }];
  const response = await context.request.post(`${url}${path}`, { data, headers: fromThePage(url, headers) });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  if ('username' in who) await pastAdminSecondFactor(context, url, who, response, fromThePage(url, headers));
}

/**
 * Makes a creator account through the API as the sign-up form does: sign up, then sign in (a sign-up starts no
 * session; the first sign-in makes the influencer). The context is signed in after it.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  url: string,
  who: { name: string; email: string; password: string },
  headers?: Record<string, string>,
): Promise<void> {
  const response = await context.request.post(`${url}/api/auth/sign-up/email`, {
    data: who,
    headers: fromThePage(url, headers),
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  await signInThroughApi(context, url, who, headers);
}
