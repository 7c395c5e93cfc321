import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../tests/support/factories';
import { createTestApp, testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { type BootData, type PageHead, renderIndexHtml } from './web-meta';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Mintbox</title>
    <meta name="description" content="Default" />
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Every String.prototype.replace pattern: $$, $&, $`, $', $1 and a named group. */
const DOLLARS = "Win $$$ now: $& $` $' $1 $<name> cash";

const boot: BootData = {
  config: {
    productName: 'Mintbox',
    launchMode: 'public',
    contactEmail: 'a@b.c',
    appUrl: 'https://m.example',
    authProviders: [],
  },
};

function head(title: string, description: string): PageHead {
  return {
    title,
    description,
    url: 'https://m.example/campaign/1',
    image: 'https://m.example/images/og.jpg',
    imageAlt: title,
    type: 'article',
    noindex: false,
  };
}

describe('server-rendered head tags with $ sequences', () => {
  it('writes the text as it is, escaped, wherever it goes', () => {
    const html = renderIndexHtml(TEMPLATE, head(DOLLARS, `${DOLLARS} (description)`), boot);
    const escaped = 'Win $$$ now: $&amp; $` $&#39; $1 $&lt;name&gt; cash';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="description" content="${escaped} (description)" />`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('keeps a template without a description tag whole', () => {
    const html = renderIndexHtml(
      TEMPLATE.replace(/\s*<meta name="description"[^>]*>/, ''),
      head('T', DOLLARS),
      boot,
    );
    expect(html).toContain('content="Win $$$ now: $&amp; $` $&#39; $1 $&lt;name&gt; cash" />');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});

describe('a campaign page whose name and description hold $ sequences', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  let id: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    id = (await insertCampaign(database.db, { name: "Save $' and $&", description: 'Earn $$ with $` us' }))
      .id;
    const webDir = mkdtempSync(path.join(tmpdir(), 'mintbox-web-'));
    writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
    app = createTestApp(database.db, { webDir, env: testEnv({ APP_URL: 'https://m.example' }) });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('renders the page with the campaign exactly as written', async () => {
    const response = await app.request(`/campaign/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Save $&#39; and $&amp; | Mintbox</title>');
    expect(html).toContain('Earn $$ with $` us');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    const bootJson = /<script type="application\/json" id="mintbox-boot">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect((JSON.parse(bootJson!) as { campaign: { name: string } }).campaign.name).toBe("Save $' and $&");
  });
});
