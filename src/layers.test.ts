import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, isTest, SRC, sourceFiles } from '../tests/support/source-tree';

/*
 * The layers of docs/architecture.md, enforced: every relative import in src/ is read and checked against the rules.
 * Imports are relative paths (no alias), so the target of each one is known from the text alone.
 */

type Layer = 'shared' | 'config' | 'db' | 'server' | 'web' | 'root';

function layerOf(file: string): Layer {
  const [top] = path.relative(SRC, file).split(path.sep);
  return (['shared', 'config', 'db', 'server', 'web'] as const).find((l) => l === top) ?? 'root';
}

/** The feature folder of a web file (src/web/features/<feature>/…), or null. */
function featureOf(file: string): string | null {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'web' && parts[1] === 'features' && parts.length > 3 ? parts[2]! : null;
}

/** Which layers each layer may import (besides itself and npm packages). */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  shared: [],
  config: [],
  db: ['shared', 'config'],
  server: ['shared', 'config', 'db'],
  web: ['shared'],
  root: ['shared', 'config', 'db', 'server', 'web'],
};

/** Every relative import of a source text, as the file it points to (without extension). */
function importsOf(file: string, text: string): string[] {
  const targets: string[] = [];
  for (const spec of importSpecifiers(text)) {
    if (spec.startsWith('.')) targets.push(path.resolve(path.dirname(file), spec));
    else if (spec.startsWith('@/') || spec.startsWith('#')) targets.push(`alias:${spec}`);
  }
  return targets;
}

/**
 * The server render (decision 0018): src/web/server-entry.tsx is built on its own (vite build --ssr) into dist/ssr
 * and loaded by the server from there, so the server layer still imports no web code. It is the one web file that
 * may use Node or React's server renderer; no other web file imports it (that would ship it to browsers).
 */
const SERVER_ENTRY = path.join('web', 'server-entry.tsx');
const SERVER_ONLY = /^(node:|react-dom\/server|react-dom\/static)/;

/** The broken rules of a set of files (path → source text), one sentence each. */
function layerViolations(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    const from = layerOf(file);
    const where = path.relative(SRC, file);
    if (from === 'web' && where !== SERVER_ENTRY && !isTest(file)) {
      for (const spec of importSpecifiers(text)) {
        if (SERVER_ONLY.test(spec)) {
          problems.push(`${where} imports ${spec}: only web/server-entry.tsx runs on the server`);
        } else if (
          spec.startsWith('.') &&
          path.relative(SRC, path.resolve(path.dirname(file), spec)) === SERVER_ENTRY.replace(/\.tsx$/, '')
        ) {
          problems.push(`${where} imports web/server-entry: it is built for the server only`);
        }
      }
    }
    for (const target of importsOf(file, text)) {
      if (target.startsWith('alias:')) {
        problems.push(`${where} imports ${target.slice(6)}: use a relative import (one style, no alias)`);
        continue;
      }
      if (path.relative(SRC, target).startsWith('..')) {
        // Outside src/: only tests reach there (tests/support helpers).
        if (!isTest(file)) problems.push(`${where} imports ${path.relative(SRC, target)} (outside src)`);
        continue;
      }
      const to = layerOf(target);
      if (to !== from && !ALLOWED[from].includes(to)) {
        problems.push(`${where} (${from}) imports ${path.relative(SRC, target)} (${to})`);
      }
      const feature = featureOf(file);
      const targetFeature = featureOf(target);
      if (feature && targetFeature && feature !== targetFeature) {
        problems.push(
          `${where} (feature ${feature}) imports ${path.relative(SRC, target)} (feature ${targetFeature})`,
        );
      }
      // What features share stands below them: src/web/components and the admin features' src/web/lib/admin-* import
      // no feature (decision 0054).
      if (targetFeature && /^web[\\/](components[\\/]|lib[\\/]admin-)/.test(where)) {
        problems.push(
          `${where} (shared by features) imports ${path.relative(SRC, target)} (feature ${targetFeature})`,
        );
      }
    }
  }
  return problems;
}

describe('layers', () => {
  it('holds in src/: shared and config import nothing else, db not server or web, web not server or db, no feature another (nor components or lib/admin-* a feature), server rendering only in web/server-entry', () => {
    const self = new URL(import.meta.url).pathname;
    const files = new Map(
      sourceFiles(SRC)
        .filter((file) => file !== self)
        .map((file) => [file, readFileSync(file, 'utf8')]),
    );
    expect(files.size).toBeGreaterThan(100);
    expect(layerViolations(files)).toEqual([]);
  });

  it('reports each kind of violation', () => {
    const at = (relative: string) => path.join(SRC, relative);
    const files = new Map([
      [at('shared/x.ts'), "import { a } from '../db/client';"],
      [at('db/queries/x.ts'), "import type { Env } from '../../server/context';"],
      [at('web/lib/x.ts'), "const m = await import('../../server/app');"],
      [at('web/features/wallet/x.tsx'), "import { A } from '../dashboard/components/a';"],
      [at('web/components/admin/x.tsx'), "import { B } from '../../features/admin-review/api/applicants';"],
      [at('server/x.ts'), "import { b } from '@/shared/constants';"],
      [at('server/ok.ts'), "import { c } from '../db/client';\nimport { z } from 'zod';"],
      [at('server/ok.test.ts'), "import { d } from '../../tests/support/test-app';"],
      [at('server/helper.ts'), "import { d } from '../../tests/support/test-app';"],
      [at('web/server-entry.tsx'), "import { prerender } from 'react-dom/static';"],
      [at('web/lib/y.ts'), "import { renderToString } from 'react-dom/server';"],
      [at('web/main.tsx'), "import { renderPage } from './server-entry';"],
    ]);
    expect(layerViolations(files)).toEqual([
      'shared/x.ts (shared) imports db/client (db)',
      'db/queries/x.ts (db) imports server/context (server)',
      'web/lib/x.ts (web) imports server/app (server)',
      'web/features/wallet/x.tsx (feature wallet) imports web/features/dashboard/components/a (feature dashboard)',
      'web/components/admin/x.tsx (shared by features) imports web/features/admin-review/api/applicants (feature admin-review)',
      'server/x.ts imports @/shared/constants: use a relative import (one style, no alias)',
      'server/helper.ts imports ../tests/support/test-app (outside src)',
      'web/lib/y.ts imports react-dom/server: only web/server-entry.tsx runs on the server',
      'web/main.tsx imports web/server-entry: it is built for the server only',
    ]);
  });
});
