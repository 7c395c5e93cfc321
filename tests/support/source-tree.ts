import { readdirSync } from 'node:fs';
import path from 'node:path';

/*
 * The source files of src/ as the architecture tests read them (layers.test.ts, boundaries.test.ts,
 * dependency-reach.test.ts, source-size.test.ts, and payout-status-writers.test.ts beside the payout services): the
 * files below a folder, and the imports a source text makes. A test helper, so it lives here: a test in any layer of
 * src/ may import tests/support, and no production file does.
 */

/** The folder src/. */
export const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../src');

export const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** A file's path from src/, with `/` between folders (`server/routes/me.ts`). */
export const srcPath = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/**
 * Every .ts and .tsx file below `dir` (or every file whose name matches `name`), tests included (the migrations'
 * folder holds no code and is not read).
 */
export function sourceFiles(dir: string, name = /\.tsx?$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full, name);
    return name.test(entry.name) ? [full] : [];
  });
}

/** `from '…'` (imports and re-exports, type-only or not), `import('…')` and `import '…'`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm;

/** What each import of a source text names (`./a`, `../db/client`, `zod`), in the order they stand. */
export function importSpecifiers(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[2]!);
}
