import type { PGlite } from '@electric-sql/pglite';
import { assertDatabaseLane } from '../../scripts/test-lanes.mjs';
import { type DatabaseHandle, drizzleOnPglite, openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { WAIT_LIMITS, within } from './bounded';
import { pgliteTemplate } from './pglite-template';

/**
 * PGlite databases for tests, reused within a vitest worker (decision 0022, issue 25). Loading the migrated
 * template into a new PGlite costs about 0.8 s of CPU, once per test file and driver; emptying one a file has
 * finished with costs about a fifth of that. A worker runs its files one after the other in one module graph
 * (`isolate: false`), so the databases a file destroys wait here for the next file, which gets one back as the
 * template left it:
 *
 * - every table emptied and the rows the migrations wrote put back, every sequence where it was, the session reset
 *   (`DISCARD ALL`: settings, temporary tables, LISTEN, advisory locks);
 * - a database whose structure a file changed (a table, column, trigger, function, schema, role or extension more,
 *   less or different, such as the job queue's own schema) is closed instead, and a fresh copy made;
 * - a file's handle stops working once it is destroyed: anything of that file still running afterwards (a job
 *   loop, a late request) fails as on a closed database instead of writing into the next file's rows, and the
 *   notification listeners it left are removed.
 */

/** How the template looks, read from the first fresh copy: what a reused database is compared with and reset to. */
interface Baseline {
  /** A digest of the structure (see STRUCTURE). */
  structure: string;
  /** The tables, in the order of `empty`'s deletes. */
  tables: string[];
  /** Triggers off, then one `delete` per table (see resetPglite). */
  empty: string;
  /** The rows and sequence positions of the template put back, triggers on again. */
  refill: string;
}

/** A table that held more rows than this is truncated after its delete, so the next file does not scan dead rows. */
const TRUNCATE_ABOVE_ROWS = 500;

let baseline: Promise<Baseline> | undefined;
const idle: PGlite[] = [];

/** The schemas of PostgreSQL itself, and drizzle's bookkeeping (which a reset keeps as it is). */
const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'drizzle')`;
const USER_NAMESPACE = `nspname not in ${SYSTEM_SCHEMAS} and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'`;

/** One digest of everything a test could change about the database's structure (not its rows). */
const STRUCTURE = `
with user_ns as (select oid, nspname from pg_namespace where ${USER_NAMESPACE}),
items as (
  select 'schema ' || nspname as item from user_ns
  union all select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text
    from pg_class c join user_ns n on n.oid = c.relnamespace
  union all select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull::text || ' ' || a.attgenerated::text || coalesce(' ' || pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join user_ns n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped
  union all select 'constraint ' || n.nspname || '.' || c.conname || ' ' || pg_get_constraintdef(c.oid)
    from pg_constraint c join user_ns n on n.oid = c.connamespace
  union all select 'index ' || pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join user_ns n on n.oid = c.relnamespace
  union all select 'trigger ' || t.tgrelid::regclass || '.' || t.tgname || ' ' || t.tgenabled::text || ' ' || t.tgfoid::regprocedure
    from pg_trigger t
  union all select 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc)
    from pg_proc p join user_ns n on n.oid = p.pronamespace
  union all select 'view ' || c.oid::regclass || ' ' || md5(pg_get_viewdef(c.oid))
    from pg_class c join user_ns n on n.oid = c.relnamespace where c.relkind in ('v', 'm')
  union all select 'type ' || t.oid::regtype from pg_type t join user_ns n on n.oid = t.typnamespace
  union all select 'role ' || rolname from pg_roles
  union all select 'setting ' || setdatabase || ' ' || array_to_string(setconfig, ',') from pg_db_role_setting
  union all select 'extension ' || extname || ' ' || extversion from pg_extension
  union all select 'policy ' || polrelid::regclass || '.' || polname from pg_policy
  union all select 'rule ' || ev_class::regclass || '.' || rulename from pg_rewrite r
    join pg_class c on c.oid = r.ev_class join user_ns n on n.oid = c.relnamespace where rulename <> '_RETURN'
)
select md5(string_agg(item, E'\\n' order by item)) as digest from items`;

async function structureOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(STRUCTURE);
  return rows[0]!.digest;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Reads the fresh template: its structure, and the statements that bring a used copy back to it. */
async function readBaseline(client: PGlite): Promise<Baseline> {
  const tables = (
    await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and ${USER_NAMESPACE} order by 1, 2`,
    )
  ).rows.map((t) => `${ident(t.schema)}.${ident(t.name)}`);
  // Triggers do not fire (the audit log refuses to be emptied; counters would count the emptying). `delete`, not one
  // `truncate` of every table: a truncate makes new files for every table and index (126 ms of CPU for the 65
  // tables, against 15 ms for the deletes; decision 0048, as decision 0046 found on PostgreSQL).
  const empty = ['set session_replication_role = replica', ...tables.map((table) => `delete from ${table}`)];
  const statements: string[] = [];
  // The rows the migrations wrote (one-row totals tables), put back as they were; generated columns compute again.
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    if (!rows[0]?.rows) continue;
    const columns = (
      await client.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = ${literal(table)}::regclass
         and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      )
    ).rows.map((c) => ident(c.name));
    statements.push(
      `insert into ${table} (${columns.join(', ')}) overriding system value select ${columns.join(', ')}
       from json_populate_recordset(null::${table}, ${literal(rows[0].rows)})`,
    );
  }
  // Every sequence back where the template had it (ids start again at 1 unless the migrations used some).
  const sequences = await client.query<{ name: string; start: string; last: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, start_value::text as start, last_value::text as last
     from pg_sequences where schemaname not in ${SYSTEM_SCHEMAS}`,
  );
  for (const s of sequences.rows) {
    statements.push(
      s.last === null
        ? `select setval(${literal(s.name)}, ${s.start}, false)`
        : `select setval(${literal(s.name)}, ${s.last}, true)`,
    );
  }
  statements.push('set session_replication_role = origin');
  return {
    structure: await structureOf(client),
    tables,
    empty: `${empty.join(';\n')};`,
    refill: `${statements.join(';\n')};`,
  };
}

/** A new PGlite holding a copy of the migrated template (migrated here when the global setup made none). */
async function freshPglite(): Promise<PGlite> {
  const template = pgliteTemplate();
  // A statement that waits longer than 20 s fails naming the wait, before the test's own 30 s timeout.
  const handle = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: template ?? undefined,
    embeddedWaitMs: WAIT_LIMITS.embeddedStatement,
  });
  if (!template) await migrateDatabase(handle);
  const client = handle.pglite!;
  baseline ??= readBaseline(client);
  await baseline;
  return client;
}

/** Brings a used database back to the template; false when its structure changed (it is then closed). */
async function resetPglite(client: PGlite): Promise<boolean> {
  const { structure, tables, empty, refill } = await baseline!;
  const steps = async () => {
    // An open transaction (a file that stopped half-way) is rolled back first; DISCARD ALL must run alone.
    await client.exec('rollback');
    await client.exec('discard all');
    if ((await structureOf(client)) !== structure) throw new Error('structure changed');
    // The first result is the `set`, then one per table. PGlite has no autovacuum: a table a file filled (the keyset
    // and scale tests write thousands of rows) is truncated too, or its dead rows would slow every later file.
    // (Results not one per statement: every table truncated, as before.) `cascade`: a table that others reference
    // cannot be truncated alone, and what it reaches was emptied just now.
    const results = await client.exec(empty);
    const large =
      results.length === tables.length + 1
        ? tables.filter((_, index) => (results[index + 1]!.affectedRows ?? 0) > TRUNCATE_ABOVE_ROWS)
        : tables;
    if (large.length > 0) await client.exec(`truncate ${large.join(', ')} cascade`);
    await client.exec(refill);
  };
  try {
    // A statement the last file left waiting holds the one connection: the reset would queue behind it for ever.
    await within('a used PGlite database: reset for the next file', WAIT_LIMITS.database, steps());
    return true;
  } catch {
    // Not reused; closed in the background (a close queued behind a stuck statement would wait as long).
    void within('a used PGlite database: close', WAIT_LIMITS.database, client.close()).catch(() => undefined);
    return false;
  }
}

/**
 * A PGlite database as the template left it, for one test file: a used one of this worker's, reset, or a fresh
 * copy. `close()` hands it back for the next file.
 */
export async function leasePgliteDatabase(): Promise<DatabaseHandle> {
  assertDatabaseLane('leasePgliteDatabase');
  let client: PGlite | undefined;
  while (!client && idle.length > 0) {
    const used = idle.pop()!;
    if (await resetPglite(used)) client = used;
  }
  client ??= await freshPglite();
  return leaseOf(client);
}

/** The file's own view of `client`: works until `close()`, which removes its listeners and hands the client back. */
function leaseOf(client: PGlite): DatabaseHandle {
  let open = true;
  const unsubscribes: Array<() => Promise<void> | void> = [];
  const closed = () => new Error('This test database was destroyed (its file has finished with it).');
  const view = new Proxy(client, {
    get(target, property) {
      if (property === 'closed') return !open || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || property === 'constructor') return value;
      return (...args: unknown[]) => {
        if (!open) {
          if (property === 'close') return Promise.resolve();
          // As a closed PGlite: its queries reject; the two listener methods that answer at once throw.
          if (property === 'onNotification' || property === 'offNotification') throw closed();
          return Promise.reject(closed());
        }
        if (property === 'close') return release();
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (property === 'listen') {
          const unsubscribe = (result as Promise<() => Promise<void>>).then(
            (off) => off,
            () => undefined,
          );
          unsubscribes.push(async () => (await unsubscribe)?.());
        }
        if (property === 'onNotification') unsubscribes.push(result as () => void);
        return result;
      };
    },
  });
  async function release() {
    if (!open) return;
    open = false;
    for (const unsubscribe of unsubscribes) await Promise.resolve(unsubscribe()).catch(() => undefined);
    idle.push(client);
  }
  return {
    db: drizzleOnPglite(view),
    driver: 'pglite',
    pglite: view,
    exec: async (sqlText) => {
      await view.exec(sqlText);
    },
    close: release,
  };
}
