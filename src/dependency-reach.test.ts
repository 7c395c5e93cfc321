import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, SRC, sourceFiles, srcPath } from '../tests/support/source-tree';

/*
 * One way to reach a dependency (issue 43, decision 0055). A route or a middleware never takes the database, the
 * clock, the mailer or an outside client from `c.get('deps')`: it hands the request's ServiceContext
 * (`c.get('services')`) to the service, which reads `ctx.db`, `ctx.now`, `ctx.mailer`, `ctx.paypal`, `ctx.files`,
 * `ctx.tracking`. `c.get('deps')` stays for the app's own pieces that no service takes (env, auth, streams,
 * lifecycle, metrics, the logger where a route logs). Read from the text of each file:
 * - `c.get('deps').db`, `const { db } = c.get('deps')`, `const deps = c.get('deps'); deps.db` and a destructuring of
 *   that alias are reads; `...rest` out of it counts as all of them;
 * - `c.get('deps')` (or its alias) handed whole to a function imported from `services/` is a read of everything.
 * The middleware that builds the ServiceContext (`middleware/services.ts`) is the one place that reads them.
 * And a service never reads the wall clock (`new Date()`, `Date.now()`): the time comes from its context (`ctx.now`,
 * once per use case through `atInstant`), or from its caller as a `Date`.
 * What still breaks a rule is listed below with its count when the rule landed: a count may only fall, and the
 * entry leaves the list (the test says so) once the file keeps the rule.
 */

const FROM_CONTEXT = ['db', 'now', 'mailer', 'paypal', 'files', 'tracking'];
const CONTEXT_BUILDER = 'server/middleware/services.ts';

/** Route and middleware files still reading a service dependency from `c.get('deps')`: path → reads then. */
const DEPS_READS_STILL: Record<string, number> = {};

/** Service files still reading the wall clock: path → reads then. */
const WALL_CLOCK_STILL: Record<string, number> = {};

const DEPS_GET = /\b\w+\s*\.\s*get\(\s*(['"])deps\1\s*\)/g;

/** The names a destructuring pattern's text takes (`a, b: c, d = 1, ...rest`), `...` for a rest element. */
function destructured(pattern: string): string[] {
  return pattern
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (part.startsWith('...') ? '...' : part.split(/[:=]/)[0]!.trim()));
}

/** The functions a file imports from a services module. */
function serviceImports(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2/g)) {
    if (!/(^|\/)services\//.test(match[3]!)) continue;
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/** The service dependencies a route or middleware reads from `c.get('deps')`, one entry per read (`db`, `*` for all). */
function depsReads(text: string): string[] {
  const reads: string[] = [];
  const services = serviceImports(text);
  const takes = (names: string[]) => {
    for (const name of names) {
      if (name === '...') reads.push('*');
      else if (FROM_CONTEXT.includes(name)) reads.push(name);
    }
  };
  const handedToService = (before: string) => {
    const callee = /(\w+)\s*\(\s*(?:[^();]*,\s*)?$/.exec(before)?.[1];
    return callee !== undefined && services.has(callee);
  };
  for (const match of text.matchAll(DEPS_GET)) {
    const before = text.slice(0, match.index);
    const after = text.slice(match.index + match[0].length);
    const property = /^\s*\.\s*(\w+)/.exec(after)?.[1];
    const pattern = /(?:const|let|var)\s*\{([^}]*)\}\s*=\s*$/.exec(before)?.[1];
    const alias = /(?:const|let|var)\s+(\w+)\s*=\s*$/.exec(before)?.[1];
    if (property) takes([property]);
    else if (pattern !== undefined) takes(destructured(pattern));
    else if (alias) {
      const rest = after;
      for (const use of rest.matchAll(new RegExp(`\\b${alias}\\s*\\.\\s*(\\w+)`, 'g'))) takes([use[1]!]);
      for (const use of rest.matchAll(new RegExp(`\\{([^}]*)\\}\\s*=\\s*${alias}\\b`, 'g'))) {
        takes(destructured(use[1]!));
      }
      for (const use of rest.matchAll(new RegExp(`(?<!['"])\\b${alias}\\b(?!['"]|\\s*\\.)`, 'g'))) {
        if (handedToService(rest.slice(0, use.index))) reads.push('*');
      }
    } else if (handedToService(before)) reads.push('*');
  }
  return reads;
}

/** The wall-clock reads of a service file. */
function wallClockReads(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return [...code.matchAll(/\bnew\s+Date\s*\(\s*\)|\bDate\s*\.\s*now\s*\(\s*\)/g)].map((match) =>
    match[0].replace(/\s+/g, ''),
  );
}

const files = new Map(
  sourceFiles(path.join(SRC, 'server'))
    .filter((file) => !isTest(file))
    .map((file) => [srcPath(file), readFileSync(file, 'utf8')]),
);

/** What breaks a rule beyond its shrink-only list (or a list entry that shrank or is kept now), one line each. */
function overTheList(found: Map<string, number>, list: Record<string, number>, what: string): string[] {
  const problems: string[] = [];
  for (const [file, count] of found) {
    const allowed = list[file] ?? 0;
    if (count > allowed) problems.push(`${file}: ${count} ${what} (allowed ${allowed})`);
    else if (count < allowed) problems.push(`${file}: ${count} ${what} now: lower its entry to ${count}`);
  }
  for (const file of Object.keys(list)) {
    if (!found.has(file)) problems.push(`${file} keeps the rule now: take it off the list`);
  }
  return problems.sort();
}

describe('one way to reach a dependency', () => {
  it('no route or middleware reads the database, the clock, the mailer or a client from c.get("deps")', () => {
    const found = new Map<string, number>();
    for (const [file, text] of files) {
      if (!/^server\/(routes|middleware)\//.test(file) || file === CONTEXT_BUILDER) continue;
      const reads = depsReads(text);
      if (reads.length > 0) found.set(file, reads.length);
    }
    expect(files.size).toBeGreaterThan(100);
    expect(overTheList(found, DEPS_READS_STILL, "reads from c.get('deps')")).toEqual([]);
  });

  it('no service reads the wall clock: the time comes from its context', () => {
    const found = new Map<string, number>();
    for (const [file, text] of files) {
      if (!file.startsWith('server/services/')) continue;
      const reads = wallClockReads(text);
      if (reads.length > 0) found.set(file, reads.length);
    }
    expect(overTheList(found, WALL_CLOCK_STILL, 'wall-clock reads')).toEqual([]);
  });

  it('catches every way of reading from c.get("deps"), and lets the app pieces through', () => {
    const route = `import { campaignAnalytics, myAnalytics } from '../services/content-metrics/analytics';
import { publicConfig } from '../web-meta';
export const r = createRouter()
  .openapi(a, async (c) => c.json(await campaignAnalytics(c.get('deps').db, 1, c.get('services').now()), 200))
  .openapi(b, async (c) => {
    const { db, env, mailer: mail } = c.get('deps');
    const { auth, ...rest } = c.get( "deps" );
    const deps = c.get('deps');
    const { paypal } = deps;
    await myAnalytics(deps, 1);
    return c.json(publicConfig(c.get('deps')), deps.files ? 200 : 500);
  })
  .openapi(c2, async (c) => {
    const [row] = await c
      .get('deps')
      .db.select();
    await myAnalytics(1, c.get('deps'));
    const { env, logger, lifecycle, streams } = c.get('deps');
    return c.get('deps').env.appUrl;
  });`;
    expect(depsReads(route)).toEqual(['db', 'db', 'mailer', '*', 'files', 'paypal', '*', 'db', '*']);
    expect(depsReads("const { env, auth } = c.get('deps');\nfoo(c.get('deps').logger);")).toEqual([]);
  });

  it('catches the wall clock in a service, but not in a comment or a date made from a value', () => {
    const service = `// never new Date() here
export function f(ctx: AtInstant, at: string) {
  const a = new Date();
  const b = Date.now();
  const c = new Date( );
  const d = new Date(at);
  const e = new Date(ctx.now.getTime() + 1);
  /* Date.now() */
  return Date . now();
}`;
    expect(wallClockReads(service)).toEqual(['newDate()', 'Date.now()', 'newDate()', 'Date.now()']);
  });
});
