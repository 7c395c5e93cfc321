// The one file that imports Lighthouse and chrome-launcher: this package's own dependencies (decision 0083), which
// the root's `npm ci` does not install. bench/lighthouse.ts installs them on its first run and loads this file; it
// starts the server, takes the medians and writes the results. Type-checked on its own: `npx tsc -p bench/lighthouse`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { LighthouseAuditModule, LighthouseRunFigures } from '../lighthouse';

/**
 * One Lighthouse run with the default configuration: a mobile device (Moto G Power), simulated slow 4G and a 4x
 * slower CPU. A fresh Chrome sometimes records no trace (NO_NAVSTART): such a run is tried again.
 */
async function auditOnce(port: number, url: string, dumpDir: string | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) {
      if (dumpDir) {
        mkdirSync(dumpDir, { recursive: true });
        const name = new URL(url).pathname.replace(/\W+/g, '_') || 'home';
        writeFileSync(path.join(dumpDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
      }
      return lhr;
    }
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  }
}

/** Starts Chrome (headless); each `audit` is one run against it, its figures read off the report. */
export const openAuditor: LighthouseAuditModule['openAuditor'] = async ({
  chromePath,
  chromeFlags,
  dumpDir,
}) => {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...chromeFlags] });
  return {
    audit: async (url: string): Promise<LighthouseRunFigures> => {
      const lhr = await auditOnce(chrome.port, url, dumpDir);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
      };
    },
    close: () => {
      chrome.kill();
    },
  };
};
