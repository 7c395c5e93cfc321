import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_UI_FEATURES_OFF,
  chromiumPath,
  disabledFeaturesSwitch,
  PLAYWRIGHT_DISABLED_FEATURES,
  SPARE_RENDERER_OFF,
  startChromium,
} from './chromium-launch';

/** The features the installed Playwright disables, read from its own source (the `disabledFeatures` array). */
function installedPlaywrightDisabledFeatures(): string[] {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  );
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle);
  if (!list?.[1]) throw new Error("Playwright's list of disabled features was not found in its bundle");
  const withoutComments = list[1].replace(/\/\/[^\n]*/g, '');
  return [...withoutComments.matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
}

describe("the journeys' Chromium", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const only =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);

  it("takes Debian's headless shell when it is installed, else Debian's desktop Chromium (decision 0088)", () => {
    vi.stubEnv('CHROME_PATH', undefined);
    const both = only('/usr/bin/chromium-headless-shell', '/usr/bin/chromium');
    expect(chromiumPath(both)).toBe('/usr/bin/chromium-headless-shell');
    expect(chromiumPath(only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    expect(() => chromiumPath(only())).toThrow(
      "Chromium not found at /usr/bin/chromium-headless-shell or /usr/bin/chromium: install Debian's chromium-headless-shell or chromium package, or set CHROME_PATH",
    );
  });

  it('takes CHROME_PATH over both, and names it when it is not there', () => {
    vi.stubEnv('CHROME_PATH', '/opt/chromium/chrome');
    expect(chromiumPath(only('/opt/chromium/chrome', '/usr/bin/chromium-headless-shell'))).toBe(
      '/opt/chromium/chrome',
    );
    expect(() => chromiumPath(only('/usr/bin/chromium'))).toThrow(
      'Chromium not found at /opt/chromium/chrome (CHROME_PATH)',
    );
  });
});

describe("the journeys' Chromium features", () => {
  it("repeats the installed Playwright's disabled features, since its own switch replaces Playwright's", () => {
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(installedPlaywrightDisabledFeatures().sort());
  });

  it('turns off the address-bar pop-up and the spare renderer with them, in one switch', () => {
    const features = disabledFeaturesSwitch().replace('--disable-features=', '').split(',');
    expect(features).toEqual([
      ...PLAYWRIGHT_DISABLED_FEATURES,
      ...BROWSER_UI_FEATURES_OFF,
      ...SPARE_RENDERER_OFF,
    ]);
  });

  it('starts one renderer for one page, and no spare beside it', async () => {
    const browser = await startChromium();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('data:text/html,<p>a journey page</p>');
      // A spare starts within a second of a navigation when the feature is on (two renderers here, then).
      const counts: number[] = [];
      for (let look = 0; look < 10; look += 1) {
        counts.push(ownRenderers().length);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect(Math.max(...counts)).toBe(1);
    } finally {
      await browser.close();
    }
  });
});

/** The command lines of the processes running now (Chromium's children rewrite theirs as one string). */
function commandLines(): Array<{ pid: number; parent: number; command: string }> {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({ pid: Number(entry), parent, command });
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

/**
 * The renderer processes of the Chromium this test process started: its descendants (Debian's launcher script, the
 * browser, its zygotes, their renderers), so another lane's Chromium is not counted. The headless shell's renderers
 * carry no profile folder on their command line, so the family is read from the parent of each process.
 */
function ownRenderers() {
  const processes = commandLines();
  const parentOf = new Map(processes.map(({ pid, parent }) => [pid, parent]));
  const descends = (pid: number) => {
    for (let at = parentOf.get(pid); at !== undefined && at > 1; at = parentOf.get(at)) {
      if (at === process.pid) return true;
    }
    return false;
  };
  return processes.filter(({ pid, command }) => command.includes('--type=renderer') && descends(pid));
}
