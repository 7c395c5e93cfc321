/**
 * The switches every headless Chromium of this project starts with on Debian's package (the developers' guide): the
 * journeys' (chromium-launch.ts, which adds its own) and the Lighthouse bench's (bench/lighthouse.ts). No imports, so
 * the bench reads it without loading Playwright.
 */
export const CHROMIUM_SWITCHES = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
