import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which test files need a database (decision 0022, issue 25). A test file is **pure** when it imports no database
 * helper; pure files run in the `pure` project, which has no global setup (no PGlite template, no PostgreSQL
 * preparation), and every other unit file runs in the `unit` project. The rule is read from the sources, so a new
 * file lands in the right lane by itself:
 *
 * - a database helper is `tests/support/test-database.ts`, `tests/support/pglite-template.ts`, or any support module
 *   that imports one of them (directly or through another support module);
 * - a test file that imports a database helper, `src/db/client` or a database driver (`pg`, PGlite) is a database
 *   test.
 *
 * The pure project also sets `MINTBOX_TEST_LANE=pure`; the database helpers throw there, so a file that reaches a
 * database some other way fails at once with the reason instead of running without the template.
 */

export const PURE_LANE_ENV = 'MINTBOX_TEST_LANE';

const UNIT_ROOTS = ['src', 'tests/support'];
const TEST_FILE = /\.test\.tsx?$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
const DRIVERS = new Set(['pg', '@electric-sql/pglite']);

function walk(root, dir, out) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, rel, out);
    else if (TEST_FILE.test(entry.name)) out.push(rel);
  }
  return out;
}

function importsOf(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** A relative import of `from` as a project path (extension resolved), or undefined for a package. */
function resolveImport(root, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (/\.(ts|tsx|mjs|js|json)$/.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  }
  return undefined;
}

/** The support modules that reach a database, found from the two at the bottom. */
export function databaseHelpers(root) {
  const helpers = new Set(['tests/support/test-database.ts', 'tests/support/pglite-template.ts']);
  const support = readdirSync(path.join(root, 'tests/support'))
    .filter((name) => name.endsWith('.ts') && !TEST_FILE.test(name))
    .map((name) => `tests/support/${name}`);
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of support) {
      if (helpers.has(file)) continue;
      const reaches = importsOf(root, file).some((spec) => {
        const target = resolveImport(root, file, spec);
        return (target !== undefined && helpers.has(target)) || DRIVERS.has(spec);
      });
      if (reaches) {
        helpers.add(file);
        grew = true;
      }
    }
  }
  return helpers;
}

/** Why a test file needs a database, or undefined when it is pure. */
export function databaseReason(root, file, helpers = databaseHelpers(root)) {
  for (const spec of importsOf(root, file)) {
    if (DRIVERS.has(spec)) return `imports ${spec}`;
    const target = resolveImport(root, file, spec);
    if (target === undefined) continue;
    if (helpers.has(target)) return `imports ${target}`;
    if (target === 'src/db/client.ts') return 'imports src/db/client';
  }
  return undefined;
}

/** The unit test files, split into the pure lane and the database lane. */
export function unitTestLanes(root) {
  const helpers = databaseHelpers(root);
  const files = UNIT_ROOTS.flatMap((dir) => walk(root, dir, [])).sort();
  const pure = [];
  const database = [];
  for (const file of files) (databaseReason(root, file, helpers) ? database : pure).push(file);
  return { pure, database };
}

/** Throws in the pure lane: called by every helper that opens a test database. */
export function assertDatabaseLane(what) {
  if (process.env[PURE_LANE_ENV] !== 'pure') return;
  throw new Error(
    `${what} in the pure test lane: this file reaches a database without importing a database helper ` +
      '(scripts/test-lanes.mjs decides the lanes from the imports; import the helper so the file runs in the ' +
      'unit lane, which has the global setup)',
  );
}
