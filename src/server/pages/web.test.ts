import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../tests/support/factories';
import { fakeWebDir } from '../../../tests/support/fake-web-dir';
import { createTestApp, testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { absoluteUrl, escapeHtml, jsonForScript } from './web-meta';

/** The content of `<meta {attribute}="{key}" content="…">`, unescaped the way a parser would. */
function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const match = new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  );
  if (!match) return null;
  return match[1]!
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function bootData(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="mintbox-boot">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'boot data block').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('pages served with their own head (Open Graph, title, boot data)', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  let campaignId: number;
  let draftId: number;
  const webDir = fakeWebDir();
  const env = testEnv({ APP_URL: 'https://mintbox.example', CONTACT_EMAIL: 'team@mintbox.example' });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const campaign = await insertCampaign(database.db, {
      name: 'Glow <Serum> & "Friends"',
      brand: "L'Atelier",
      description: 'Share your routine </script><script>alert(1)</script> with us.',
      imageUrl: '/images/campaigns/serum.svg',
      gallery: ['/images/campaigns/serum-hero.svg', '/images/campaigns/serum-2.svg'],
      reward: 40,
    });
    campaignId = campaign.id;
    draftId = (await insertCampaign(database.db, { name: 'Secret draft', status: 'draft' })).id;
    app = createTestApp(database.db, { webDir, env });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('shares an uploaded photo as the preview image, and the default picture for SVG art', async () => {
    const photo = await insertCampaign(database.db, {
      name: 'Photo Campaign',
      imageUrl: '/uploads/abc123.jpg',
      gallery: [],
    });
    const html = await (await app.request(`/campaign/${photo.id}`)).text();
    expect(metaContent(html, 'property', 'og:image')).toBe('https://mintbox.example/uploads/abc123.jpg');
  });

  it("puts a campaign's title, description and image in the HTML, escaped, with absolute URLs", async () => {
    const response = await app.request(`/campaign/${campaignId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();

    expect(html).toContain('<title>Glow &lt;Serum&gt; &amp; &quot;Friends&quot; | Mintbox</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'property', 'og:title')).toBe('Glow <Serum> & "Friends" | Mintbox');
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:url')).toBe(`https://mintbox.example/campaign/${campaignId}`);
    expect(metaContent(html, 'property', 'og:image')).toBe('https://mintbox.example/images/og-default.jpg');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const description = metaContent(html, 'property', 'og:description');
    expect(description).toContain("L'Atelier: Share your routine");
    expect(description).toContain('Reward: 40 Mint.');
    expect(metaContent(html, 'name', 'description')).toBe(description);
    expect(html).toContain(`<link rel="canonical" href="https://mintbox.example/campaign/${campaignId}" />`);
    expect(html).toContain('<link rel="preload" as="image" href="/images/campaigns/serum-hero.svg"');

    // Nothing from the campaign can open or close an element.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<Serum>');
    const scripts = html.match(/<script/g) ?? [];
    expect(scripts).toHaveLength(2); // the app's module script and the JSON boot data

    const boot = bootData(html) as {
      campaign: { id: number; name: string; description: string };
      config: { contactEmail: string; launchMode: string };
    };
    expect(boot.campaign.id).toBe(campaignId);
    expect(boot.campaign.name).toBe('Glow <Serum> & "Friends"');
    expect(boot.campaign.description).toContain('</script><script>alert(1)</script>');
    expect(boot.config).toMatchObject({ contactEmail: 'team@mintbox.example', launchMode: 'public' });
  });

  it('gives other pages generic Open Graph tags and the configuration, but no campaign', async () => {
    const home = await (await app.request('/')).text();
    expect(home).toContain('<title>Mintbox: Influencer Marketing Made Easy</title>');
    expect(metaContent(home, 'property', 'og:title')).toBe('Mintbox: Influencer Marketing Made Easy');
    expect(metaContent(home, 'property', 'og:type')).toBe('website');
    expect(metaContent(home, 'property', 'og:url')).toBe('https://mintbox.example/');
    expect(metaContent(home, 'property', 'og:image')).toBe('https://mintbox.example/images/og-default.jpg');
    expect(metaContent(home, 'name', 'robots')).toBeNull();
    expect(bootData(home)).not.toHaveProperty('campaign');
    expect(bootData(home)).toHaveProperty('config.contactEmail', 'team@mintbox.example');

    const terms = await (await app.request('/terms')).text();
    expect(terms).toContain('<title>Terms of Service | Mintbox</title>');
    expect(metaContent(terms, 'property', 'og:url')).toBe('https://mintbox.example/terms');

    const privacy = await (await app.request('/privacy')).text();
    expect(privacy).toContain('<title>Privacy Policy | Mintbox</title>');
  });

  it('does not describe unknown or draft campaigns, answers 404 for them, and keeps them out of search engines', async () => {
    for (const id of ['987654', String(draftId), 'not-a-number']) {
      const response = await app.request(`/campaign/${id}`);
      // Issue 40: a record that does not exist (for the public) is a 404; the page still draws its Not Found.
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html, id).toContain('<title>Campaign Not Found | Mintbox</title>');
      expect(html, id).not.toContain('Secret draft');
      expect(metaContent(html, 'name', 'robots'), id).toBe('noindex');
      expect(bootData(html), id).not.toHaveProperty('campaign');
    }
  });

  it('answers unknown paths with 404, a not-found title and noindex', async () => {
    const response = await app.request('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Page not found | Mintbox</title>');
    expect(metaContent(html, 'name', 'robots')).toBe('noindex');
  });

  it('does not serve the build manifest', async () => {
    const response = await app.request('/.vite/manifest.json');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('"index.html"');
  });

  it('writes the coming-soon launch mode into the page', async () => {
    const comingSoon = createTestApp(database.db, { webDir, env: testEnv({ LAUNCH_MODE: 'coming-soon' }) });
    const html = await (await comingSoon.request('/')).text();
    expect(bootData(html)).toHaveProperty('config.launchMode', 'coming-soon');
  });
});

describe('head helpers', () => {
  it('escapes every character that matters in HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('keeps JSON inside a script element from closing it', () => {
    const text = jsonForScript({ a: '</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028' });
  });

  it('makes absolute http(s) URLs and refuses other schemes', () => {
    expect(absoluteUrl('/images/a.svg', 'https://m.example')).toBe('https://m.example/images/a.svg');
    expect(absoluteUrl('https://cdn.example/a.png', 'https://m.example')).toBe('https://cdn.example/a.png');
    expect(absoluteUrl('javascript:alert(1)', 'https://m.example')).toBeNull();
    expect(absoluteUrl('data:image/png;base64,AAA', 'https://m.example')).toBeNull();
  });
});
