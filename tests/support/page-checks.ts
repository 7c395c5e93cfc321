import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** A locator's text, trimmed; '' when it is not on the page. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent().catch(() => '')) ?? '').trim();
}

/** Waits until the page has made its requests (no request for half a second). */
export function settle(page: Page): Promise<void> {
  return page.waitForLoadState('networkidle');
}

/**
 * Full-page screenshots of the page at 1280 px and 375 px as `<dir>/<name>-<width>.png`, for a person to look at;
 * nothing when `dir` is unset (the journeys take a `*_SCREENSHOTS` variable). The viewport is put back after.
 */
export async function screenshotWidths(page: Page, dir: string | undefined, name: string): Promise<void> {
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** The page's width at a 375 px viewport (more than 375: it scrolls sideways on a phone). */
export async function phoneScrollWidth(page: Page): Promise<number> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 812 });
  await settle(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(size);
  return width;
}
