import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { WAIT_LIMITS, within } from './bounded';
import { CHROMIUM_SWITCHES } from './chromium-switches';

/**
 * Debian's Chromium as the browser journeys start it (tests/support/browser.ts shares one per test worker): its
 * path, its switches, and the features it runs without (decision 0081).
 *
 * Playwright passes one `--disable-features` switch of its own. Chromium reads only the last switch of that name, so
 * a journey's own list must also repeat Playwright's. `chromium-launch.test.ts` compares this copy with the
 * list of the installed Playwright, so an upgrade that changes it fails there, not in some journey.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Chromium's own address-bar pop-up. Every window of a headless Chromium preloads it in a renderer process of its
 * own (`--type=renderer --top-chrome-webui`, about 160 MB), and a journey never shows it. With both features off,
 * no such renderer starts.
 */
export const BROWSER_UI_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * The spare renderer: after a navigation, Chromium starts a renderer process in advance for the next one of the
 * same profile. Each Playwright context is a profile of its own, and a journey opens a context per person, so most
 * spares were never used: in the onboarding journey, 19 renderers started for 15 used, and the journeys' Chromium
 * cost about 3 % more CPU with them (decision 0086).
 */
export const SPARE_RENDERER_OFF = ['SpareRendererForSitePerProcess'] as const;

/** The one `--disable-features` switch a journey's Chromium gets: Playwright's list, then the features above. */
export function disabledFeaturesSwitch(): string {
  return `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES_OFF, ...SPARE_RENDERER_OFF].join(',')}`;
}

/**
 * Debian's Chromium builds, in the order a journey takes them (decision 0088). The first is Debian's package
 * `chromium-headless-shell`: Chromium's own headless browser, without the desktop browser's windows and UI, which
 * is what Playwright itself starts for a headless launch. The journeys cost about a fifth less CPU in it than in
 * the desktop `chromium`, which they fall back to when the shell is not installed.
 */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

/** `CHROME_PATH`, else the first of Debian's Chromium builds installed (never a downloaded browser). */
export function chromiumPath(installed: (path: string) => boolean = existsSync): string {
  const chosen = process.env.CHROME_PATH ?? DEBIAN_CHROMIUMS.find(installed);
  if (chosen === undefined) {
    throw new Error(
      `Chromium not found at ${DEBIAN_CHROMIUMS.join(' or ')}: install Debian's chromium-headless-shell or chromium package, or set CHROME_PATH`,
    );
  }
  if (!installed(chosen)) {
    throw new Error(
      `Chromium not found at ${chosen} (CHROME_PATH): install Debian's chromium package or fix CHROME_PATH`,
    );
  }
  return chosen;
}

/** Chromium started headless with the switches this machine needs and the features above turned off. */
export function startChromium(): Promise<Browser> {
  const launching = chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_SWITCHES, '--disable-quic', '--no-first-run', disabledFeaturesSwitch()],
    timeout: WAIT_LIMITS.browserStart,
  });
  return within('Chromium: start', WAIT_LIMITS.browserStart + 1_000, launching);
}
