import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: string | undefined;

/** axe-core's browser build, read once from the installed package. */
function axeSource(): string {
  source ??= readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');
  return source;
}

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page as it is now and returns the violations.
 * axe is added as an inline script, which the app's Content-Security-Policy forbids: open the page in a context
 * made with `browser.newContext({ bypassCSP: true })`.
 *
 * `include` (a CSS selector) checks only that part of the page: for a page a journey already checked whole, where
 * a step changed one part of it (a dialog opened, a form's errors shown). The page-wide rules (title, landmarks,
 * lang) then do not run, and cost nothing; every page is checked whole somewhere (decision 0046 lists where).
 * A selector that matches nothing is an error, not a pass.
 */
export async function runAxe(page: Page, include?: string): Promise<AxeViolation[]> {
  if (include !== undefined && (await page.locator(include).count()) === 0) {
    throw new Error(`axe: nothing on the page matches ${include}`);
  }
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource() }).catch(() => undefined);
    if (!(await page.evaluate(() => 'axe' in window))) {
      throw new Error('axe-core could not be added to the page: create the context with { bypassCSP: true }');
    }
  }
  // A fade-in still running (the footer's, when it scrolls into view) is not the page's contrast: let it end first.
  // Two frames first, so an animation an IntersectionObserver is about to start has started.
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const running = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(running.map((animation) => animation.finished)),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
  });
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document | { include: string[] },
            options: object,
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const context = selector === null ? document : { include: [selector] };
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, include ?? null);
}

/** The serious and critical violations, as readable lines (empty when there are none); `include`: see runAxe. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const violations = await runAxe(page, include);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
