import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-root';

/**
 * The gzipped JavaScript a public page loads before it is interactive (issue 14, decision 0012; issue 44). The
 * target is 90 KB; react-dom alone is 62 KB of it, TanStack Query about 10 KB (decision 0036, "First load").
 */
const BUDGET_KB = { home: 100, campaign: 110 };

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const webDir = path.join(projectRoot(), 'dist/web');

function readBuild(): { html: string; manifest: Manifest } {
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
function initialJavaScript(html: string, manifest: Manifest): string[] {
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

/** The script files a page's own code adds to the first load (the server preloads them on /campaign/:id). */
function pageJavaScript(manifest: Manifest, source: string, initial: Set<string>): string[] {
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
function weigh(files: string[], manifest: Manifest) {
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

describe('JavaScript budget of the public pages', () => {
  it(`/ loads at most ${BUDGET_KB.home} KB of gzipped JavaScript before it is interactive`, () => {
    const { html, manifest } = readBuild();
    // The server-rendered / starts the app with public/app-start.js (decision 0018): it counts too.
    expect(existsSync(path.join(webDir, 'app-start.js'))).toBe(true);
    const files = [...initialJavaScript(html, manifest), 'app-start.js'];
    expect(files.length).toBeGreaterThan(1);
    const { total, report } = weigh(files, manifest);
    console.info(`JavaScript for / (gzip): ${(total / 1024).toFixed(1)} KB\n${report}`);
    expect(total, `/ loads ${(total / 1024).toFixed(1)} KB:\n${report}`).toBeLessThanOrEqual(
      BUDGET_KB.home * 1024,
    );
  });

  it(`/campaign/:id loads at most ${BUDGET_KB.campaign} KB: the first load and the campaign page's code`, () => {
    const { html, manifest } = readBuild();
    const initial = initialJavaScript(html, manifest);
    const page = pageJavaScript(manifest, 'src/web/features/campaigns/campaign-page.tsx', new Set(initial));
    expect(page.length).toBeGreaterThan(0);
    const { total, report } = weigh([...initial, 'app-start.js', ...page], manifest);
    console.info(`JavaScript for /campaign/:id (gzip): ${(total / 1024).toFixed(1)} KB\n${report}`);
    expect(total, `/campaign/:id loads ${(total / 1024).toFixed(1)} KB:\n${report}`).toBeLessThanOrEqual(
      BUDGET_KB.campaign * 1024,
    );
  });

  it('keeps lazy pages out of the first load', () => {
    const { html, manifest } = readBuild();
    const initial = new Set(initialJavaScript(html, manifest));
    const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry);
    const lazySources = lazy.map((chunk) => chunk.src);
    // The legal pages, the coming-soon page and the photo gallery load only when used.
    expect(lazySources).toEqual(
      expect.arrayContaining([
        'src/web/features/legal/terms-page.tsx',
        'src/web/features/legal/privacy-page.tsx',
        'src/web/features/landing/coming-soon-page.tsx',
        'src/web/features/campaigns/components/gallery-dialog.tsx',
        // React Router and every page but / and /campaign/:id (decision 0012); the landing page below the grid.
        'src/web/app/full-app.tsx',
        'src/web/features/campaigns/campaign-page.tsx',
        'src/web/features/landing/components/landing-sections.tsx',
        // recharts, with the first analytics chart shown.
        'src/web/components/metrics-chart-plot.tsx',
      ]),
    );
    for (const chunk of lazy) expect(initial.has(chunk.file), chunk.src).toBe(false);
    const initialSources = Object.values(manifest)
      .filter((chunk) => initial.has(chunk.file))
      .map((chunk) => chunk.src ?? chunk.file);
    expect(initialSources.join(' ')).not.toMatch(/react-router/);
    expect(initialSources.join(' ')).not.toMatch(/recharts/);
    for (const file of initial) {
      expect(readFileSync(path.join(webDir, file), 'utf8'), file).not.toContain('recharts-cartesian');
    }
  });
});

describe('source maps', () => {
  it('are written, but outside the served folder and not referenced by the scripts', () => {
    const served = readdirSync(webDir, { recursive: true }).map(String);
    expect(served.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = served.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      expect(readFileSync(path.join(webDir, file), 'utf8'), file).not.toMatch(/sourceMappingURL/);
    }
    const kept = readdirSync(path.join(projectRoot(), 'dist/sourcemaps'), { recursive: true }).map(String);
    expect(kept.some((file) => file.endsWith('.js.map'))).toBe(true);
  });
});
