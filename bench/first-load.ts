import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../src/config/project-root';

/**
 * The gzipped JavaScript a public page loads before it is interactive, read from the production build (dist/web and
 * its manifest): tests/e2e/bundle-budget.test.ts holds it to the budget, `npm run bench:table` reports it.
 */

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const webDir = path.join(projectRoot(), 'dist/web');

export function readBuild(): { html: string; manifest: Manifest } {
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error('dist/web/.vite/manifest.json is missing: run `npm run build` (build.manifest is on)');
  }
  return {
    html: readFileSync(path.join(webDir, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest,
  };
}

/**
 * Every JavaScript file / loads up front: the module scripts and modulepreloads of index.html, and all chunks they
 * import statically (dynamic imports, i.e. lazy pages, load later and do not count).
 */
export function initialJavaScript(html: string, manifest: Manifest): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const byKey = new Map(Object.entries(manifest));
  const referenced = [
    ...html.matchAll(/<script[^>]+type="module"[^>]*src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const chunk = byKey.get(key);
      if (chunk?.file.endsWith('.js')) visit(chunk.file);
    }
  };
  for (const file of referenced) visit(file);
  return [...files];
}

/** The source of each public page's own code, a lazy chunk the server preloads on its page (decision 0051). */
export const PAGE_SOURCES = {
  home: 'src/web/app/home-route.tsx',
  campaign: 'src/web/features/campaigns/campaign-page.tsx',
} as const;

/** The script files a page's own code adds to the first load (the server preloads them on its page). */
export function pageJavaScript(manifest: Manifest, source: string, initial: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files].filter((file) => file.endsWith('.js') && !initial.has(file));
}

/** The files' gzipped sizes, the total, and a report naming each file (its chunk name) with its size. */
export function weigh(files: string[], manifest: Manifest) {
  const names = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.name ?? chunk.src ?? '']));
  const sizes = files
    .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  const report = sizes
    .map(
      ({ file, gzip }) =>
        `${file}${names.get(file) ? ` (${names.get(file)})` : ''}: ${(gzip / 1024).toFixed(1)} KB`,
    )
    .join('\n');
  return { total, report };
}

/**
 * `/` and `/campaign/:id` as the budget test counts them: what index.html loads, public/app-start.js (the server
 * starts the app with it, decision 0018) and the page's own code; gzipped bytes and the report naming each file.
 */
export function firstLoadWeights() {
  const { html, manifest } = readBuild();
  const initialFiles = initialJavaScript(html, manifest);
  const weighPage = (source: string) => {
    const files = [
      ...initialFiles,
      'app-start.js',
      ...pageJavaScript(manifest, source, new Set(initialFiles)),
    ];
    return { files, ...weigh(files, manifest) };
  };
  return { home: weighPage(PAGE_SOURCES.home), campaign: weighPage(PAGE_SOURCES.campaign), initialFiles };
}
