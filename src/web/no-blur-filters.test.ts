import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, SRC, sourceFiles, srcPath } from '../../tests/support/source-tree';

/*
 * No blur filters in the web (decision 0073). A browser without a GPU (a low-end phone, a headless browser) draws a
 * `backdrop-filter` again on every frame in which anything under it changes, and a `filter: blur()` whenever its
 * layer is drawn: the sticky header's blur alone was about a sixth of the CPU of a journey in the browser. The
 * headers are 90-95 % opaque white (the blur showed nothing through them), and the soft glows are radial gradients.
 */

/** Tailwind's blur utilities (`backdrop-blur`, `backdrop-blur-md`, `blur-3xl`, `blur-[6px]`) and the CSS behind them. */
const BLUR =
  /\bbackdrop-blur\b|(?<![\w-])blur-(?:xs|sm|md|lg|xl|2xl|3xl|none|\[)|backdrop-filter|filter:\s*blur/;

describe('the web draws no blur filters', () => {
  it('has no blur utility class and no blur filter in its stylesheets', () => {
    const web = path.join(SRC, 'web');
    // class-merge.ts knows every utility's group, blur's among them: it names the classes, it does not use them.
    const files = [
      ...sourceFiles(web).filter((file) => !isTest(file) && srcPath(file) !== 'web/lib/class-merge.ts'),
      ...sourceFiles(web, /\.css$/),
    ];
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (BLUR.test(line) ? [`${srcPath(file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
