import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialJavaScript, pageJavaScript, readBuild, webDir, weigh } from '../../bench/first-load';
import { projectRoot } from '../../src/config/project-root';

/**
 * The gzipped JavaScript a public page loads before it is interactive (issue 14, decision 0012; issue 44). The
 * target is 90 KB; react-dom alone is 62 KB of it. TanStack Query left the public pages (decision 0044): / is within
 * the target, /campaign/:id still above it (what is left to move is in the decision).
 */
const BUDGET_KB = { home: 90, campaign: 100 };

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
