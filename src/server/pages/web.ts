import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { RenderPage } from '../../shared/page-render';
import { matchAppPage } from '../../shared/pages';
import { sessionCookieName } from '../auth/auth';
import type { AppBindings } from '../http/context';
import { compressWhenAsked } from '../middleware/response-headers';
import { loadSession } from '../middleware/session';
import { pageRecordExists } from '../services/page-records';
import { renderAppPage, startAppAfterPaint } from './web-meta';

/** Hashed build output never changes under the same name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The code of / and /campaign/:id is not part of the first load (decisions 0012, 0051): the server preloads each
 * page's own chunks on its page.
 */
const PAGE_SOURCES = [
  { path: /^\/$/, source: 'src/web/app/home-route.tsx' },
  { path: /^\/campaign\/[^/]+\/?$/, source: 'src/web/features/campaigns/campaign-page.tsx' },
];

/** The script files a page preloads: its own code that the entry does not already load, from the build manifest. */
function pagePreloads(webDir: string): (pathname: string) => string[] {
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const initial = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, initial);
  const pages = PAGE_SOURCES.map(({ path: pagePath, source }) => {
    const page = new Set<string>();
    walk(source, page);
    const files = [...page].filter((file) => file.endsWith('.js') && !initial.has(file));
    return { path: pagePath, files: files.map((file) => `/${file}`) };
  });
  return (pathname) => pages.find((page) => page.path.test(pathname))?.files ?? [];
}

/**
 * The server render of the public pages: dist/ssr/server-entry.js, built by Vite from src/web/server-entry.tsx
 * (decision 0018). It is loaded from the build output, not imported: the server layer does not import web code.
 * Without it (a test's fake build folder) pages are sent as before, and the app renders them in the browser.
 */
export function loadPageRenderer(webDir: string): Promise<RenderPage | undefined> {
  const file = path.join(webDir, '..', 'ssr', 'server-entry.js');
  if (!existsSync(file)) return Promise.resolve(undefined);
  return import(pathToFileURL(file).href).then((module: { renderPage: RenderPage }) => module.renderPage);
}

/** Files found by the static handler: hashed assets for good, the rest for an hour (the app fallback sets its own). */
const staticCacheControl: MiddlewareHandler<AppBindings> = async (c, next) => {
  await next();
  if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
    c.res.headers.set(
      'Cache-Control',
      c.req.path.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600',
    );
  }
};

/**
 * Serves the built single-page app: files from the build folder (precompressed when the browser accepts it),
 * and index.html for every app route (history fallback), with status 404 for paths that are no page of the app.
 */
export function createWebRoutes(webDir: string, options: { render?: RenderPage | undefined } = {}) {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built: ${indexFile} is missing (run npm run build)`);
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  // A broken build is logged once (on the first page asked for); pages are then sent without the server render.
  let loadFailureLogged = false;
  const renderer = options.render ? Promise.resolve(options.render) : loadPageRenderer(webDir);
  renderer.catch(() => undefined);
  const preloadsOf = pagePreloads(webDir);

  return new Hono<AppBindings>()
    .use('*', staticCacheControl)
    .use(
      '*',
      serveStatic({
        root: webDir,
        precompressed: true,
        // index.html is only ever sent by the fallback below, with its no-cache header.
        // The build manifest (dist/web/.vite) is for the tests and the server, not for browsers.
        rewriteRequestPath: (p) =>
          p === '/' || p === '/index.html' || p.startsWith('/.vite/') ? '/__app_index__' : p,
      }),
    )
    .get('*', compressWhenAsked(), async (c) => {
      c.header('Cache-Control', REVALIDATE);
      // The public pages say "signed out" when the request has no session cookie (decision 0018).
      c.header('Vary', 'Cookie');
      const match = matchAppPage(c.req.path);
      const appRoute = match !== null;
      // The page's own title, description and Open Graph tags, and the boot data (see web-meta.ts).
      const deps = c.get('deps');
      const url = new URL(c.req.url);
      const render = await renderer.catch((error: unknown) => {
        if (!loadFailureLogged)
          deps.logger.error({ err: error }, 'could not load the server render (dist/ssr)');
        loadFailureLogged = true;
        return undefined;
      });
      const request = {
        pathname: c.req.path,
        search: url.search,
        signedOut: !getCookie(c, sessionCookieName(deps.env)),
      };
      const { html, campaignFound } = await renderAppPage(indexHtml, request, deps, appRoute, render);
      const status = await pageStatus(c, match, request.signedOut, campaignFound);
      const extraPreloads = appRoute ? preloadsOf(c.req.path) : [];
      return c.html(withStartScripts(html, extraPreloads), status);
    });
}

/** 200 for every page of the list (signed in or not); 404 for no page, and for a record that does not exist. */
async function pageStatus(
  c: Context<AppBindings>,
  match: ReturnType<typeof matchAppPage>,
  signedOut: boolean,
  campaignFound: boolean | undefined,
): Promise<200 | 404> {
  if (!match) return 404;
  const record = match.page.record;
  if (record === 'campaign' && campaignFound === false) return 404;
  if (record && record !== 'campaign') {
    const param = match.params.id ?? match.params.token ?? '';
    let admin = false;
    if (record !== 'data-export' && !signedOut) {
      await loadSession(c, async () => {});
      admin = c.get('user')?.role === 'admin';
    }
    if (!(await pageRecordExists(c.get('deps').db, record, param, admin))) return 404;
  }
  return 200;
}

/** The page with what starts the app: after paint when the server rendered it, and the page's own preloads. */
function withStartScripts(html: string, extraPreloads: string[]): string {
  // Rendered by the server: the app starts once the page has painted (decision 0018).
  if (!html.includes('<div id="root"></div>')) return startAppAfterPaint(html, extraPreloads);
  if (extraPreloads.length === 0) return html;
  const links = extraPreloads
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`)
    .join('\n    ');
  return html.replace('</head>', () => `    ${links}\n  </head>`);
}
