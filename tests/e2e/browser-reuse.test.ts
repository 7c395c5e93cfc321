import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';

/**
 * The journeys' browser handle reuses a closed context for the next one with the same options
 * (tests/support/browser.ts): the next visitor must find nothing of the last one but the cached files.
 */
describe('a reused browser context forgets its visitor', () => {
  let server: E2EServer;
  let browser: Browser;
  const options = { bypassCSP: true, viewport: { width: 1280, height: 900 } };

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('clears cookies, site storage, permissions, routes and headers before giving the context back', async () => {
    const first = await browser.newContext(options);
    const page = await first.newPage();
    await page.goto(`${server.url}/signin`);
    await first.addCookies([{ name: 'visitor', value: 'first', url: server.url }]);
    await page.evaluate(async () => {
      localStorage.setItem('visitor', 'first');
      await new Promise((resolve, reject) => {
        const request = indexedDB.open('visitor-db');
        request.onsuccess = resolve;
        request.onerror = reject;
      });
    });
    await first.grantPermissions(['clipboard-read'], { origin: server.url });
    await first.route('**/api/session', (route) => route.fulfill({ json: { user: null, routed: true } }));
    await first.setExtraHTTPHeaders({ 'x-visitor': 'first' });
    // Closed through the page, as the journeys' afterEach hooks do.
    await page.context().close();

    const second = await browser.newContext(options);
    expect(second).toBe(first);
    const again = await second.newPage();
    const sent = again.waitForRequest('**/signin');
    await again.goto(`${server.url}/signin`);
    expect((await sent).headers()['x-visitor']).toBeUndefined();
    expect(
      await again.evaluate(async () => ({
        cookie: document.cookie,
        stored: localStorage.length,
        databases: (await indexedDB.databases()).map((d) => d.name),
        clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
        session: await (await fetch('/api/session')).json(),
      })),
    ).toEqual({ cookie: '', stored: 0, databases: [], clipboard: 'prompt', session: { user: null } });
    await second.close();
  });

  it('never reuses a context with other options or with a change a reset cannot undo (an init script, a fake clock)', async () => {
    const wide = await browser.newContext(options);
    await wide.addInitScript(() => Object.assign(window, { marked: true }));
    await wide.close();
    const next = await browser.newContext(options);
    expect(next).not.toBe(wide);
    await next.close();

    // A fake clock stays in its context: the next visitor gets a context whose time is the real one.
    const faked = await browser.newContext(options);
    const page = await faked.newPage();
    await page.clock.setFixedTime(new Date('2001-02-03T04:05:06Z'));
    await page.goto(`${server.url}/signin`);
    expect(await page.evaluate(() => new Date().getUTCFullYear())).toBe(2001);
    await page.context().close();
    const later = await browser.newContext(options);
    const real = await later.newPage();
    await real.goto(`${server.url}/signin`);
    expect(await real.evaluate(() => new Date().getUTCFullYear())).toBe(new Date().getUTCFullYear());
    expect(later).not.toBe(faked);
    await later.close();

    const narrow = await browser.newContext({ ...options, viewport: { width: 375, height: 812 } });
    expect(narrow).not.toBe(next);
    expect((await narrow.newPage()).viewportSize()).toEqual({ width: 375, height: 812 });
    await narrow.close();
  });
});
