import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript run by npm start and the build, without type declarations
import { builtStamp, STAMP_FILE, sourceStamp } from '../../scripts/build-stamp.mjs';

describe('build stamp (npm start rebuilds only when the sources changed)', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function project() {
    const root = mkdtempSync(path.join(tmpdir(), 'mintbox-stamp-'));
    roots.push(root);
    mkdirSync(path.join(root, 'src/web'), { recursive: true });
    writeFileSync(path.join(root, 'src/web/main.tsx'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>\n');
    writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
    return root;
  }

  it('changes with a source, the page or the lockfile, and not with a test file', () => {
    const root = project();
    const first = sourceStamp(root);
    expect(sourceStamp(root)).toBe(first);
    writeFileSync(path.join(root, 'src/web/main.test.tsx'), 'it("x", () => {});\n');
    expect(sourceStamp(root)).toBe(first);
    writeFileSync(path.join(root, 'src/web/main.tsx'), 'export const a = 2;\n');
    const second = sourceStamp(root);
    expect(second).not.toBe(first);
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    expect(sourceStamp(root)).not.toBe(second);
  });

  it('counts a build only when it is complete', () => {
    const root = project();
    expect(builtStamp(root)).toBeNull();
    mkdirSync(path.join(root, 'dist/server'), { recursive: true });
    writeFileSync(path.join(root, STAMP_FILE), `${sourceStamp(root)}\n`);
    expect(builtStamp(root)).toBeNull();
    writeFileSync(path.join(root, 'dist/server/index.js'), '');
    mkdirSync(path.join(root, 'dist/web'), { recursive: true });
    writeFileSync(path.join(root, 'dist/web/index.html'), '');
    // The server render (decision 0018) is part of a complete build.
    expect(builtStamp(root)).toBeNull();
    mkdirSync(path.join(root, 'dist/ssr'), { recursive: true });
    writeFileSync(path.join(root, 'dist/ssr/server-entry.js'), '');
    expect(builtStamp(root)).toBe(sourceStamp(root));
  });
});
