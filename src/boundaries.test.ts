import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, isTest, SRC, sourceFiles } from '../tests/support/source-tree';

/*
 * The boundaries inside the server and the shape of the import graph (docs/architecture.md, decision 0011), enforced
 * beside the layer test (src/layers.test.ts, which keeps the arrows between the top folders):
 * - a route (src/server/routes/*) imports no query (src/db/queries/*): it calls a service, which may;
 * - a route imports no other route: what two routes share lives in middleware/, src/shared or the HTTP platform
 *   in server/http/ (openapi, errors, context…);
 * - a service imports no route and no middleware (the arrows only point down);
 * - no import cycle anywhere in src/;
 * - no file in src/server/services/ is over 300 lines, tests included (one module per use case);
 * - no source file at the root of src/server: each belongs to a room (auth/, http/, pages/, process/, cli/,
 *   integrations/, routes/, middleware/, services/, jobs/, mail/; decision 0053).
 *
 * Which imports count: every one. `import type` and `export type … from` are edges like any other (a cycle of
 * types still ties two modules together: neither can move or change alone, and one edit turns a type import into a
 * run-time one), and so is `import()` (lazy loading changes when a module runs, not what it depends on). Only
 * test files are left out of the boundary rules (a route's test may seed through queries); they are in the graph
 * for the cycle check, where nothing imports them.
 */

const SERVICES_MAX_LINES = 300;

const where = (file: string) => path.relative(SRC, file);
const within = (file: string, folder: string) => where(file).startsWith(`${folder}/`);
const isRoute = (file: string) => path.dirname(where(file)) === path.join('server', 'routes');

/** The files of the set that a file imports (relative imports only; npm packages are not in the graph). */
function importedFiles(file: string, text: string, files: ReadonlyMap<string, string>): string[] {
  const targets = new Set<string>();
  for (const spec of importSpecifiers(text)) {
    if (!spec.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec);
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => files.has(f));
    if (found) targets.add(found);
  }
  return [...targets];
}

/** The import graph of a set of files (path → source text): file → the files it imports, sorted. */
function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...files.keys()].sort()) {
    graph.set(file, importedFiles(file, files.get(file)!, files).sort());
  }
  return graph;
}

/** Broken boundary rules and over-long service files, one sentence each. */
function boundaryViolations(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, targets] of importGraph(files)) {
    if (isTest(file)) continue;
    for (const target of targets) {
      if (isRoute(file) && within(target, 'db/queries')) {
        problems.push(`${where(file)} imports ${where(target)}: a route calls a service, never a query`);
      }
      if (isRoute(file) && isRoute(target)) {
        problems.push(
          `${where(file)} imports ${where(target)}: no route imports another (share through middleware or shared)`,
        );
      }
      if (
        within(file, 'server/services') &&
        (within(target, 'server/routes') || within(target, 'server/middleware'))
      ) {
        problems.push(`${where(file)} imports ${where(target)}: a service imports no route or middleware`);
      }
    }
  }
  for (const [file, text] of files) {
    if (!within(file, 'server/services')) continue;
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > SERVICES_MAX_LINES) {
      problems.push(`${where(file)} has ${lines} lines: a service file has at most ${SERVICES_MAX_LINES}`);
    }
  }
  return problems;
}

/**
 * The import cycles of a set of files: one per strongly connected group (Tarjan), each written as a path from the
 * group's first file (by name) back to it, along the first-named import that stays in the group.
 */
function importCycles(files: ReadonlyMap<string, string>): string[] {
  const graph = importGraph(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || graph.get(file)!.includes(file)) groups.push(group);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);

  return groups
    .map((group) => {
      const members = new Set(group);
      const start = [...group].sort()[0]!;
      // Shortest way round from start back to start inside the group (breadth first, names in order).
      const previous = new Map<string, string>();
      const queue = [start];
      let last: string | undefined;
      while (queue.length > 0 && !last) {
        const file = queue.shift()!;
        for (const next of graph.get(file)!) {
          if (!members.has(next)) continue;
          if (next === start) {
            last = file;
            break;
          }
          if (!previous.has(next)) {
            previous.set(next, file);
            queue.push(next);
          }
        }
      }
      const way = [start];
      for (let file = last!; file !== start; file = previous.get(file)!) way.splice(1, 0, file);
      const others = group.filter((file) => !way.includes(file)).sort();
      const knot = others.length > 0 ? ` (the same knot holds ${others.map(where).join(', ')})` : '';
      return `cycle: ${[...way, start].map(where).join(' → ')}${knot}`;
    })
    .sort();
}

const at = (relative: string) => path.join(SRC, relative);

describe('boundaries', () => {
  const tree = new Map(sourceFiles(SRC).map((file) => [file, readFileSync(file, 'utf8')]));

  it('hold in src/: routes call services (no query, no other route), services import no route or middleware, service files stay under 301 lines', () => {
    expect(tree.size).toBeGreaterThan(100);
    expect(boundaryViolations(tree)).toEqual([]);
  });

  it('src/server is a list of rooms: no source file at its root (docs/architecture.md, decision 0053)', () => {
    const atRoot = readdirSync(at('server'), { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => `server/${entry.name}`);
    expect(atRoot).toEqual([]);
  });

  it('no import cycle in src/ (type-only and lazy imports count)', () => {
    expect(importCycles(tree)).toEqual([]);
  });

  it('reports a route importing a query or another route, a service importing a route or middleware, a long service file', () => {
    const files = new Map([
      [at('db/queries/campaigns.ts'), 'export const q = 1;'],
      [at('server/services/campaigns.ts'), "import { q } from '../../db/queries/campaigns';"],
      [at('server/middleware/session.ts'), "import type { AppBindings } from '../http/context';"],
      [at('server/http/context.ts'), 'export type AppBindings = {};'],
      [at('server/http/openapi.ts'), 'export const createRouter = () => null;'],
      [
        at('server/routes/ok.ts'),
        "import { s } from '../services/campaigns';\nimport { r } from '../http/openapi';",
      ],
      [at('server/routes/admin.ts'), "import {\n  q,\n} from '../../db/queries/campaigns';"],
      [at('server/routes/me.ts'), "import type { X } from './admin';"],
      [at('server/routes/me.test.ts'), "import { q } from '../../db/queries/campaigns';"],
      [at('server/services/wallet.ts'), "import { adminActor } from '../middleware/session';"],
      [at('server/services/payouts/long.ts'), 'const a = 1;\n'.repeat(301)],
      [at('server/services/payouts/full.ts'), 'const a = 1;\n'.repeat(300)],
      [at('server/services/payouts/full.test.ts'), 'it();\n'.repeat(302)],
    ]);
    expect(boundaryViolations(files)).toEqual([
      'server/routes/admin.ts imports db/queries/campaigns.ts: a route calls a service, never a query',
      'server/routes/me.ts imports server/routes/admin.ts: no route imports another (share through middleware or shared)',
      'server/services/wallet.ts imports server/middleware/session.ts: a service imports no route or middleware',
      'server/services/payouts/long.ts has 301 lines: a service file has at most 300',
      'server/services/payouts/full.test.ts has 302 lines: a service file has at most 300',
    ]);
  });

  it('reports cycles, through type-only imports, re-exports and lazy imports too', () => {
    const files = new Map([
      // auth ↔ hooks, through a value import one way
      [at('server/auth/auth.ts'), "import { hooks } from './auth-hooks';\nexport const HEADER = 'x';"],
      [at('server/auth/auth-hooks.ts'), "import { HEADER } from './auth';"],
      // context → auth2 → origin → context, with only a type import closing it
      [at('server/http/context.ts'), "import type { Auth } from '../auth/auth2';"],
      [at('server/auth/auth2.ts'), "import { trusted } from '../middleware/origin';"],
      [at('server/middleware/origin.ts'), "import { type AppBindings } from '../http/context';"],
      // a lazy import one way, a re-export of a type back
      [at('web/chart.tsx'), "const Plot = lazy(() => import('./plot'));"],
      [at('web/plot.tsx'), "export type { Point } from './chart';"],
      // no cycle: a diamond
      [at('shared/a.ts'), "import { b } from './b';\nimport { c } from './c';"],
      [at('shared/b.ts'), "import { d } from './d';"],
      [at('shared/c.ts'), "import { d } from './d';"],
      [at('shared/d.ts'), 'export const d = 1;'],
      // a file importing itself
      [at('shared/self.ts'), "export * from './self';"],
    ]);
    expect(importCycles(files)).toEqual([
      'cycle: server/auth/auth-hooks.ts → server/auth/auth.ts → server/auth/auth-hooks.ts',
      'cycle: server/auth/auth2.ts → server/middleware/origin.ts → server/http/context.ts → server/auth/auth2.ts',
      'cycle: shared/self.ts → shared/self.ts',
      'cycle: web/chart.tsx → web/plot.tsx → web/chart.tsx',
    ]);
  });
});
