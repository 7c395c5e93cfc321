/**
 * `npx tsx bench/pglite-statements.ts`: CPU per statement on the embedded database (PGlite), PGlite's own `query`
 * against the fast statement path (src/db/pglite-statements.ts, decision 0056), unnamed (parsed again every run)
 * and named (kept prepared). Each on its own PGlite holding the tests' migrated template (made by the tests' global
 * setup: run any database test once first), guarded as `openDatabase` guards it. Per case: 100 runs to warm up,
 * then BENCH_RUNS (1,000) runs timed with process.cpuUsage (user + system), the rounds alternated between the
 * paths BENCH_ROUNDS (5) times; the median round is printed, in ms of CPU per statement.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { guardPglite } from '../src/db/pglite-guard';
import { fastStatements } from '../src/db/pglite-statements';
import { numberEnv } from './env';

const RUNS = Math.round(numberEnv('BENCH_RUNS', 1_000));
const ROUNDS = Math.round(numberEnv('BENCH_ROUNDS', 5));
const WARM_UP = 100;

function template(): Blob {
  const dir = path.join(process.cwd(), 'node_modules/.cache/mintbox-tests');
  const files = readdirSync(dir)
    .filter((name) => name.startsWith('pglite-template-') && name.endsWith('.tar'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`no migrated template in ${dir}: run a database test once first`);
  return new Blob([readFileSync(files[0])]);
}

type Path = 'pglite' | 'unnamed' | 'named';
const PATHS: Path[] = ['pglite', 'unnamed', 'named'];

async function open(kind: Path, dump: Blob): Promise<PGlite> {
  const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
  guardPglite(client);
  if (kind !== 'pglite') fastStatements(client, { named: kind === 'named' });
  await client.query(`insert into users (id, name, email) values ('u1', 'Bench', 'bench@example.com')`);
  await client.query(
    `insert into sessions (id, expires_at, token, user_id) values ('s1', now() + interval '1 day', 'token-1', 'u1')`,
  );
  return client;
}

// The session lookup's shape (services/session-lookup.ts), as drizzle writes it.
const JOIN = `select "sessions"."id", "sessions"."created_at", "sessions"."expires_at", "sessions"."last_active_at",
  "sessions"."second_factor_at", "users"."id", "users"."name", "users"."email", "users"."image", "users"."role",
  "users"."admin_role", "users"."two_factor_enabled" from "sessions" inner join "users"
  on "users"."id" = "sessions"."user_id" where "sessions"."token" = $1`;
const INSERT = `insert into "rate_limits" ("id", "key", "count", "last_request") values ($1, $2, $3, $4)`;

let inserted = 0;
const CASES: Record<string, (client: PGlite) => Promise<unknown>> = {
  'select 1': (client) => client.query('select 1'),
  'join sessions/users ($1)': (client) => client.query(JOIN, ['token-1'], { rowMode: 'array' }),
  'insert rate_limits (4 values)': (client) => {
    inserted += 1;
    return client.query(INSERT, [`r${inserted}`, `k${inserted}`, 1, Date.now()]);
  },
};

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
}

async function timed(
  client: PGlite,
  run: (client: PGlite) => Promise<unknown>,
  times: number,
): Promise<number> {
  const start = cpuMs();
  for (let i = 0; i < times; i++) await run(client);
  return (cpuMs() - start) / times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dump = template();
const clients = Object.fromEntries(
  await Promise.all(PATHS.map(async (kind) => [kind, await open(kind, dump)])),
) as Record<Path, PGlite>;
console.log(`CPU ms per statement, median of ${ROUNDS} rounds of ${RUNS} (after ${WARM_UP} to warm up)`);
console.log(['case'.padEnd(32), ...PATHS.map((p) => p.padStart(9))].join(''));
for (const [name, run] of Object.entries(CASES)) {
  const figures: Record<Path, number[]> = { pglite: [], unnamed: [], named: [] };
  for (const kind of PATHS) await timed(clients[kind], run, WARM_UP);
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of PATHS) figures[kind].push(await timed(clients[kind], run, RUNS));
  }
  console.log(
    [name.padEnd(32), ...PATHS.map((kind) => median(figures[kind]).toFixed(3).padStart(9))].join(''),
  );
}
for (const client of Object.values(clients)) await client.close();
