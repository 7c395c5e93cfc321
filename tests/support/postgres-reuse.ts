import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { WAIT_LIMITS, within } from './bounded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This vitest process's mark in the names of its PostgreSQL test schemas (dropped by its global teardown). */
    postgresRun: string | undefined;
  }
}

/**
 * PostgreSQL schemas for tests, reused within a vitest worker (decision 0046), as tests/support/pglite-reuse.ts does
 * for PGlite. A schema of its own per test file cost about 0.85 s of CPU (0.45 s in the server to apply the ~46
 * migrations, 0.25 s in node, 0.12 s to drop it); emptying one a file has finished with costs about 0.03 s. A
 * schema a file has destroyed (its pool ended, so its sessions, locks and LISTENs are gone) waits here for the next
 * file, which gets it back as the migrations left it: every table but drizzle's bookkeeping emptied with triggers
 * off, the rows the migrations wrote put back, every sequence where it was. A schema whose structure a file changed
 * (a digest over its relations, columns, defaults, constraints, indexes, triggers, functions, views and types) or
 * that cannot be emptied within the bounds (a lock some stray session holds) is dropped and a fresh one made.
 */

interface Baseline {
  /** Empties a schema and puts back the migrations' rows and sequences; run with the schema on the search path. */
  reset: string;
}

/** Each schema this worker made, with the digest of its structure right after its migrations. */
const made = new Map<string, string>();
const idle: string[] = [];
let baseline: Promise<Baseline> | undefined;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** One digest of everything a test could change about a schema's structure (not its rows). */
const STRUCTURE = `
with ns as (select oid from pg_namespace where nspname = $1),
items as (
  select 'relation ' || c.relname || ' ' || c.relkind::text as item from pg_class c join ns on ns.oid = c.relnamespace
  union all select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull::text || ' ' || a.attgenerated::text || coalesce(' ' || pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join ns on ns.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped
  union all select 'constraint ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
    from pg_constraint c join ns on ns.oid = c.connamespace
  union all select 'index ' || pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join ns on ns.oid = c.relnamespace
  union all select 'trigger ' || c.relname || '.' || t.tgname || ' ' || t.tgenabled::text || ' ' || t.tgfoid::regprocedure
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join ns on ns.oid = c.relnamespace
  union all select 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc)
    from pg_proc p join ns on ns.oid = p.pronamespace
  union all select 'view ' || c.relname || ' ' || md5(pg_get_viewdef(c.oid))
    from pg_class c join ns on ns.oid = c.relnamespace where c.relkind in ('v', 'm')
  union all select 'type ' || t.typname from pg_type t join ns on ns.oid = t.typnamespace
  union all select 'policy ' || c.relname || '.' || p.polname
    from pg_policy p join pg_class c on c.oid = p.polrelid join ns on ns.oid = c.relnamespace
)
select md5(string_agg(item, E'\\n' order by item)) as digest from items`;

async function structureOf(handle: DatabaseHandle, schema: string): Promise<string> {
  const { rows } = await handle.pool!.query<{ digest: string }>(STRUCTURE, [schema]);
  return rows[0]!.digest;
}

/** Reads a freshly migrated schema: the statements that bring a used one back to it (names unqualified). */
async function readBaseline(handle: DatabaseHandle, schema: string): Promise<Baseline> {
  const pool = handle.pool!;
  const tables = (
    await pool.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p') and c.relname <> '__drizzle_migrations' order by 1`,
      [schema],
    )
  ).rows.map((t) => ident(t.name));
  // DELETE, not TRUNCATE: the tables hold a few rows, and TRUNCATE makes new files for every table and index
  // (0.13-0.2 s of server CPU against 0.02 s). Triggers do not fire (the audit log refuses to be emptied).
  const statements = ['set session_replication_role = replica', ...tables.map((t) => `delete from ${t}`)];
  for (const table of tables) {
    const { rows } = await pool.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    if (!rows[0]?.rows) continue;
    const columns = (
      await pool.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = $1::regclass
         and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [`${ident(schema)}.${table}`],
      )
    ).rows.map((c) => ident(c.name));
    statements.push(
      `insert into ${table} (${columns.join(', ')}) overriding system value select ${columns.join(', ')}
       from json_populate_recordset(null::${table}, ${literal(rows[0].rows)})`,
    );
  }
  const sequences = await pool.query<{ name: string; start: string; last: string | null }>(
    `select sequencename as name, start_value::text as start, last_value::text as last
     from pg_sequences where schemaname = $1`,
    [schema],
  );
  for (const s of sequences.rows) {
    const name = literal(ident(s.name));
    statements.push(
      s.last === null
        ? `select setval(${name}, ${s.start}, false)`
        : `select setval(${name}, ${s.last}, true)`,
    );
  }
  statements.push('set session_replication_role = origin');
  return { reset: `${statements.join(';\n')};` };
}

/** The run's mark from the global setup; 'x' outside a vitest run (a bench using the test databases). */
function runMark(): string {
  try {
    return inject('postgresRun') ?? 'x';
  } catch {
    return 'x';
  }
}

/** A new schema, migrated; the worker's first one is read for the baseline. */
async function freshSchema(url: string): Promise<{ schema: string; handle: DatabaseHandle }> {
  // The creation time is part of the name, so a run only ever cleans up schemas too old to be another run's; the
  // run's mark lets its global teardown drop what its workers leave.
  const run = runMark();
  const schema = `mbtest_${Date.now().toString(36)}_${run}_${randomBytes(3).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  try {
    await admin.exec(`CREATE SCHEMA ${ident(schema)}`);
  } finally {
    await admin.close();
  }
  const handle = await openDatabase({ url, searchPath: schema, poolSize: 5 });
  await migrateDatabase(handle, { migrationsSchema: schema });
  made.set(schema, await structureOf(handle, schema));
  baseline ??= readBaseline(handle, schema);
  await baseline;
  return { schema, handle };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  made.delete(schema);
  const admin = await openDatabase({ url, poolSize: 1 });
  try {
    await admin.exec(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
  } finally {
    await admin.close();
  }
}

/** A used schema brought back to its migrations, on a new pool; undefined when it cannot be (it is then dropped). */
async function resetSchema(url: string, schema: string): Promise<DatabaseHandle | undefined> {
  const handle = await openDatabase({ url, searchPath: schema, poolSize: 5 });
  try {
    await within(
      'a used PostgreSQL schema: reset for the next file',
      WAIT_LIMITS.database,
      (async () => {
        if ((await structureOf(handle, schema)) !== made.get(schema)) throw new Error('structure changed');
        const client = await handle.pool!.connect();
        try {
          // A row lock some stray session of the last file still holds: give up at once rather than wait.
          await client.query(`set lock_timeout = '2s'; ${(await baseline!).reset}`);
        } finally {
          client.release(true);
        }
      })(),
    );
    return handle;
  } catch {
    await handle.close().catch(() => undefined);
    void within('a used PostgreSQL schema: drop', WAIT_LIMITS.database, dropSchema(url, schema)).catch(
      () => undefined,
    );
    return undefined;
  }
}

/** A migrated, empty schema of this worker's (reset) or a new one; `close()` hands it back for the next file. */
export async function leasePostgresSchema(url: string): Promise<{ schema: string; handle: DatabaseHandle }> {
  let leased: { schema: string; handle: DatabaseHandle } | undefined;
  while (!leased && idle.length > 0) {
    const schema = idle.pop()!;
    const handle = await resetSchema(url, schema);
    if (handle) leased = { schema, handle };
  }
  leased ??= await freshSchema(url);
  const { schema, handle } = leased;
  let open = true;
  return {
    schema,
    handle: {
      ...handle,
      // Ending the pool ends the file's sessions (their locks, LISTENs and settings); later queries fail.
      close: async () => {
        if (!open) return;
        open = false;
        await handle.close();
        idle.push(schema);
      },
    },
  };
}
