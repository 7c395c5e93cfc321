import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The built index.html, shaped like Vite's output (multi-line description, module script in the head). */
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Mintbox: Influencer Marketing Made Easy</title>
    <meta
      name="description"
      content="Join exclusive gifting campaigns from top brands. Get PR boxes and get paid for your content."
    />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A build folder with index.html, one script and the manifest: enough for the server's page answers. */
export function fakeWebDir(): string {
  const webDir = mkdtempSync(path.join(tmpdir(), 'mintbox-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{"index.html":{}}');
  return webDir;
}
