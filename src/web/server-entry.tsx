import { prerenderToNodeStream } from 'react-dom/static';
import type { PageRenderInput } from '../shared/page-render';
import { AppRoot } from './app/app-root';
import { seedPublicReads } from './lib/boot-data';
import { PublicReads } from './lib/public-reads';

/** A render that takes longer than this is given up (the server then sends the page without it). */
const RENDER_TIMEOUT_MS = 2_000;

/**
 * The public pages' own code, lazy in the browser (decision 0051), loaded here once before the first render: the
 * render's time limit is for drawing the page, not for loading its modules.
 */
const pageModules = Promise.all([
  import('./app/home-route'),
  import('./features/campaigns/campaign-page'),
  import('./features/landing/components/landing-sections'),
  import('./components/site-footer'),
]);
// A failure is the render's to report (the page is then sent without it), not an unhandled rejection at start.
pageModules.catch(() => undefined);

/**
 * The server render of / and /campaign/:id (decision 0018), built by Vite's SSR build into dist/ssr/server-entry.js
 * and loaded by src/server/pages/web.ts. It draws the same tree the browser hydrates (app/app-root.tsx) from the same boot
 * data, so the first 8 campaigns or the campaign are in the HTML. `prerender` waits for the lazy parts of the page
 * (the campaign page, the landing sections) instead of leaving their fallbacks in the HTML.
 */
export async function renderPage({ url, boot }: PageRenderInput): Promise<string> {
  await pageModules;
  const reads = seedPublicReads(new PublicReads(), boot);
  const { prelude } = await prerenderToNodeStream(<AppRoot reads={reads} url={url} />, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // Every boundary written in place: no inline scripts (the CSP allows none) and a page complete without them.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
