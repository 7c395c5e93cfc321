import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, insertCampaigns } from '../../tests/support/factories';
import { createTestApp } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../tests/support/test-database';
import { renderPage } from './server-entry';

/** The built index.html's shape: the server writes the page into `<div id="root">`. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Mintbox: Influencer Marketing Made Easy</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function fakeWebDir(): string {
  const webDir = mkdtempSync(path.join(tmpdir(), 'mintbox-ssr-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  return webDir;
}

/** What is inside `<div id="root">` (the server render), up to the end of the body. */
function rootHtml(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'root element').toBeGreaterThan(-1);
  return html.slice(start, html.lastIndexOf('</body>'));
}

function bootData(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="mintbox-boot">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'boot data block').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

const XSS_NAME = '<img src=x onerror=alert(1)> Glow & "Co"';
const XSS_DESCRIPTION = 'Our routine </script><script>alert(2)</script> for you.';

describe.each(TEST_DRIVERS)('server-rendered public pages (%s)', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  let hostileId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await insertCampaigns(database.db, 10, (i) => ({
      name: `Server Campaign ${String(i + 1).padStart(2, '0')}`,
    }));
    hostileId = (
      await insertCampaign(database.db, {
        name: XSS_NAME,
        description: XSS_DESCRIPTION,
        createdAt: new Date('2020-01-01T00:00:00Z'),
      })
    ).id;
    app = createTestApp(database.db, { webDir: fakeWebDir(), renderPage });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('writes the first 8 campaigns of the catalogue into / and its boot data, signed out without a cookie', async () => {
    const listing = (await (await app.request('/api/campaigns?limit=8')).json()) as {
      items: Array<{ name: string }>;
    };
    expect(listing.items).toHaveLength(8);
    const html = await (await app.request('/')).text();
    const root = rootHtml(html);

    for (const { name } of listing.items) expect(root).toContain(`>${name}</a></h3>`);
    expect(root.match(/data-testid="campaign-card"/g)).toHaveLength(8);
    expect(root).toContain('See More Campaigns');
    expect(root).toContain('Influencer Marketing <span class="text-mint-700">Made Easy</span></h1>');
    // The landing sections below the grid (a lazy chunk in the browser) are in the HTML as well.
    expect(root).toContain('id="how-it-works"');
    // Nobody signed in: the header links, not a placeholder.
    expect(root).toContain('href="/signin"');
    expect(root).not.toContain('Loading your account');
    // No inline scripts: the boot data and app-start.js, which starts the app after the first paint.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain(
      '<script src="/app-start.js" data-entry="/assets/index-abc123.js" data-preload="" defer>',
    );
    expect(html).not.toContain('type="module"');

    const boot = bootData(html) as { campaigns: { page: { items: unknown[] } }; session: unknown };
    expect(boot.campaigns.page.items).toEqual(listing.items);
    expect(boot.session).toEqual({ user: null });
  });

  it('renders the search in the URL: a filtered first page', async () => {
    const html = await (await app.request('/?q=Campaign%2003')).text();
    const root = rootHtml(html);
    expect(root).toContain('Search Results');
    expect(root.match(/data-testid="campaign-card"/g)).toHaveLength(1);
    expect(root).toContain('>Server Campaign 03</a>');
  });

  it('puts the campaign page with its title and description into /campaign/:id, escaped', async () => {
    const response = await app.request(`/campaign/${hostileId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const root = rootHtml(html);

    expect(root).toContain('<h1 id="campaign-title"');
    expect(root).toContain('&lt;img src=x onerror=alert(1)&gt; Glow &amp; &quot;Co&quot;</h1>');
    expect(root).toContain('Our routine &lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; for you.');
    expect(root).toContain('Sign In to Apply');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(bootData(html)).toHaveProperty('campaign.name', XSS_NAME);
  });

  it('leaves the session to the browser when the request carries a session cookie', async () => {
    // The session cookie's name for an http APP_URL (src/server/auth/auth.ts: sessionCookieName).
    const html = await (await app.request('/', { headers: { cookie: 'mintbox.session_token=abc' } })).text();
    expect(bootData(html)).not.toHaveProperty('session');
    expect(rootHtml(html)).toContain('Loading your account');
  });

  it('sends other pages without a server render', async () => {
    const html = await (await app.request('/signin')).text();
    expect(html).toContain('<div id="root"></div>');
  });
});
