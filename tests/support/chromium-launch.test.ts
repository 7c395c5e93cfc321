import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  BROWSER_UI_FEATURES_OFF,
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
        counts.push(renderersOf(ownChromiumProfile()).length);
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

/** The profile folder of the Chromium this test process started (other lanes may run Chromiums of their own). */
function ownChromiumProfile(): string {
  const own = commandLines().find(
    ({ parent, command }) => parent === process.pid && command.includes('--user-data-dir='),
  );
  const profile = own && /--user-data-dir=(\S+)/.exec(own.command)?.[1];
  if (!profile) throw new Error('the Chromium started by this test was not found among its child processes');
  return profile;
}

/** The renderer processes of the Chromium with this profile folder. */
function renderersOf(profile: string) {
  return commandLines().filter(
    ({ command }) => command.includes('--type=renderer') && command.includes(`--user-data-dir=${profile}`),
  );
}
