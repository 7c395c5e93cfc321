import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  BROWSER_UI_FEATURES_OFF,
  disabledFeaturesSwitch,
  PLAYWRIGHT_DISABLED_FEATURES,
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

  it('turns off the address-bar pop-up with them, in one switch', () => {
    const features = disabledFeaturesSwitch().replace('--disable-features=', '').split(',');
    expect(features).toEqual([...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES_OFF]);
  });
});
