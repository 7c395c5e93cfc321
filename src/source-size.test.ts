import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

/*
 * Issue 43: a newcomer never has to read a whole long file or function. No source file in src/ is over 300 lines
 * (seed data excepted: it is a list, not logic), and no function in src/server is over 80 lines.
 * The files and functions still over are listed below with their size when the rule landed: one may only shrink,
 * and leaves the list (the test says so) once it fits. Test files are outside the rule: a test file is read one
 * case at a time. Functions are found by Vite's own TypeScript parser (parseAst, the parser the build uses).
 */

const SRC = path.dirname(new URL(import.meta.url).pathname);
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;
const EXEMPT = [/^db\/seed-data\//];

/** Files over 300 lines when the rule landed: path → lines then. */
const FILES_STILL_OVER: Record<string, number> = {};

/** Functions in src/server over 80 lines when the rule landed: `path name` → lines then. */
const FUNCTIONS_STILL_OVER: Record<string, number> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(SRC)
  .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
  .filter((file) => !EXEMPT.some((rule) => rule.test(file)));
const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every function of a source text with its name (the declaration, variable, method or property it is) and lines. */
function functionsOf(text: string, tsx: boolean): { name: string; lines: number }[] {
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: { name: string; lines: number }[] = [];
  const visit = (value: unknown, name: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, name);
      return;
    }
    if (!value || typeof value !== 'object' || !('type' in value)) return;
    const node = value as Node;
    const key = (node.key ?? node.id) as { name?: string } | undefined;
    let inner = ['VariableDeclarator', 'MethodDefinition', 'Property'].includes(node.type) ? key?.name : name;
    if (['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'].includes(node.type)) {
      found.push({
        name: key?.name ?? name ?? '(anonymous)',
        lines: lineAt(node.end) - lineAt(node.start) + 1,
      });
      inner = undefined;
    }
    for (const [field, child] of Object.entries(node)) if (field !== 'type') visit(child, inner);
  };
  visit(parseAst(text, { lang: tsx ? 'tsx' : 'ts' }), undefined);
  return found;
}

/** What breaks a size rule: over the limit and not listed, grown past its listed size, or listed but fitting. */
function overruns(sizes: Map<string, number>, listed: Record<string, number>, limit: number): string[] {
  const problems: string[] = [];
  for (const [what, size] of sizes) {
    const ceiling = listed[what];
    if (size > limit && ceiling === undefined) problems.push(`${what}: ${size} lines (at most ${limit})`);
    if (ceiling !== undefined && size > ceiling)
      problems.push(`${what}: grew to ${size} lines (was ${ceiling})`);
  }
  for (const what of Object.keys(listed)) {
    const size = sizes.get(what);
    if (size === undefined || size <= limit)
      problems.push(`${what} fits now (${size ?? 'gone'}): take it off the list`);
  }
  return problems;
}

describe('no file or function a newcomer must read whole (issue 43)', () => {
  it(`no source file in src/ is over ${MAX_FILE_LINES} lines`, () => {
    const sizes = new Map(files.map((file) => [file, linesOf(readFileSync(path.join(SRC, file), 'utf8'))]));
    expect(overruns(sizes, FILES_STILL_OVER, MAX_FILE_LINES)).toEqual([]);
  });

  it(`no function in src/server is over ${MAX_FUNCTION_LINES} lines`, () => {
    const sizes = new Map<string, number>();
    for (const file of files.filter((f) => f.startsWith('server/'))) {
      for (const fn of functionsOf(readFileSync(path.join(SRC, file), 'utf8'), file.endsWith('.tsx'))) {
        const what = `${file} ${fn.name}`;
        sizes.set(what, Math.max(sizes.get(what) ?? 0, fn.lines));
      }
    }
    expect(overruns(sizes, FUNCTIONS_STILL_OVER, MAX_FUNCTION_LINES)).toEqual([]);
  });

  it('the rules can fail: a long file and a long function are caught', () => {
    const long = `export function big() {\n${'  work();\n'.repeat(MAX_FUNCTION_LINES)}}\n`;
    const [fn] = functionsOf(long, false);
    expect(fn).toEqual({ name: 'big', lines: MAX_FUNCTION_LINES + 2 });
    expect(overruns(new Map([['x.ts', 301]]), {}, MAX_FILE_LINES)).toEqual(['x.ts: 301 lines (at most 300)']);
    expect(overruns(new Map([['x.ts', 200]]), { 'x.ts': 400 }, MAX_FILE_LINES)).toEqual([
      'x.ts fits now (200): take it off the list',
    ]);
  });
});
