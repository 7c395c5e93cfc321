import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
// The path helper only: the package's main module loads the 1.4 MB swagger-ui bundle when imported.
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import { errorBody } from '../../shared/schemas/error';
import type { AppBindings } from '../http/context';

const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mintbox API</title>
    <link rel="icon" href="/api/docs/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * The API reference page, with Swagger UI served from the installed package (nothing loads from elsewhere). The
 * swagger-ui files are read when /api/docs asks for them, never at start.
 */
export const docsRoutes = new Hono<AppBindings>()
  .get('/docs', (c) => c.html(DOCS_PAGE))
  .get('/docs/init.js', (c) => c.body(DOCS_INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
  .get('/docs/:asset', async (c) => {
    const asset = c.req.param('asset');
    const type = DOCS_ASSETS[asset];
    if (!type) return c.json(errorBody('Not found', 'NOT_FOUND'), 404);
    const body = await readFile(path.join(getAbsoluteFSPath(), asset));
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
