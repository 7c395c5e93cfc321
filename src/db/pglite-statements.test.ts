import { PGlite, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../../tests/support/pglite-template';
import { EmbeddedDatabaseWait, guardPglite } from './pglite-guard';
import { fastStatements, statementCacheOf } from './pglite-statements';

/**
 * The fast statement path of the embedded database (src/db/pglite-statements.ts, decision 0056): every answer the
 * same as PGlite's own `query` gives (rows, fields, counts, errors, transactions), in fewer calls into the backend.
 * Two PGlites from the migrated template: `own` answers through PGlite's query, `fast` through the fast path; both
 * guarded as openDatabase guards them.
 */
describe('the embedded database fast statement path', () => {
  const WAIT_LIMIT_MS = 1_000;
  let own: PGlite;
  let fast: PGlite;
  /** Calls into the WebAssembly backend, per client. */
  const calls = new Map<PGlite, number>();

  const open = async (withFastPath: boolean) => {
    const template = pgliteTemplate();
    const client = await PGlite.create({
      ...(template ? { loadDataDir: template } : {}),
      extensions: { pg_trgm },
    });
    guardPglite(client, WAIT_LIMIT_MS);
    if (withFastPath) fastStatements(client);
    const raw = client.execProtocolRaw.bind(client);
    calls.set(client, 0);
    client.execProtocolRaw = (message, options) => {
      calls.set(client, calls.get(client)! + 1);
      return raw(message, options);
    };
    await client.exec(`create table kinds (id serial primary key, at timestamptz, day date, amount numeric(12, 2),
      doc jsonb, tags text[], counts int[], data bytea, flag boolean, big bigint, note text unique)`);
    return client;
  };

  beforeAll(async () => {
    [own, fast] = await Promise.all([open(false), open(true)]);
  });
  afterAll(async () => {
    await Promise.all([own?.close(), fast?.close()]);
  });

  type Answer = { result?: Results<unknown>; error?: Record<string, unknown> };
  /** The same statement on both; the two answers (or errors) must be equal. */
  const same = async (text: string, params?: unknown[], options?: QueryOptions) => {
    const settle = (client: PGlite): Promise<Answer> =>
      client.query(text, params, options).then(
        (result) => ({ result }),
        (error: unknown) => ({ error: errorFields(error) }),
      );
    const [mine, theirs] = [await settle(fast), await settle(own)];
    expect(mine).toEqual(theirs);
    return mine;
  };
  const errorFields = (error: unknown): Record<string, unknown> => {
    if (!(error instanceof Error)) return { thrown: error };
    const { message, name } = error;
    const fields = error as unknown as Record<string, unknown>;
    const picked = [
      'code',
      'constraint',
      'detail',
      'table',
      'schema',
      'severity',
      'query',
      'params',
      'queryOptions',
    ];
    return { message, name, ...Object.fromEntries(picked.map((key) => [key, fields[key]])) };
  };
  const callsFor = async (client: PGlite, work: () => Promise<unknown>) => {
    const before = calls.get(client)!;
    await work();
    return calls.get(client)! - before;
  };

  const drizzleParsers = {
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  };
  const insertKinds = `insert into kinds (at, day, amount, doc, tags, counts, data, flag, big, note)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`;

  it('answers every type, and takes parameters of every type, as PGlite does', async () => {
    const rows: unknown[][] = [
      [
        new Date('2026-11-29T10:00:00.123Z'),
        '2026-11-29',
        '12.50',
        { a: [1, 'b'] },
        ['x', 'y,z'],
        [1, 2],
        new Uint8Array([0, 255]),
        true,
        9007199254740993n,
        'one',
      ],
      [
        '2026-01-01T00:00:00Z',
        new Date('2026-02-03T00:00:00Z'),
        3,
        '{"s": "raw json"}',
        [],
        [],
        new Uint8Array([]),
        false,
        5,
        'two',
      ],
      [null, null, null, null, null, null, null, null, null, null],
    ];
    for (const row of rows) await same(insertKinds, row);
    for (const rowMode of ['object', 'array'] as const) {
      await same('select * from kinds order by id', [], { rowMode });
      await same('select * from kinds order by id', [], { rowMode, parsers: drizzleParsers });
    }
    const filters: [string, unknown][] = [
      ['at = $1', new Date('2026-11-29T10:00:00.123Z')],
      ['day = $1', '2026-11-29'],
      ['amount > $1', 4],
      ['doc @> $1', { a: [1] }],
      ['tags && $1', ['y,z']],
      ['data = $1', new Uint8Array([0, 255])],
      ['flag = $1', false],
      ['big = $1', 9007199254740993n],
      ['note is distinct from $1', null],
    ];
    for (const [where, value] of filters) {
      const { result } = await same(`select id, note from kinds where ${where} order by id`, [value]);
      expect(result?.rows.length).toBeGreaterThan(0);
    }
    await same('update kinds set note = note || $1 where flag is not null', ['!']);
    await same('delete from kinds where note = $1', ['nothing']);
    await same('select $1::int + $2::int as sum, $3::text as t', [1, 2, undefined]);
  });

  it('fails with the same DatabaseError: a unique violation is 23505 with its constraint and detail', async () => {
    await same('insert into kinds (note) values ($1)', ['unique-note']);
    const { error } = await same('insert into kinds (note) values ($1)', ['unique-note']);
    expect(error).toMatchObject({ code: '23505', constraint: 'kinds_note_key' });
    expect(error?.detail).toMatch(/unique-note/);
    await same('select nothing from kinds where id = $1', [1]);
    await same('select * from kinds where id = $1', ['not a number']);
    await same('select * from kinds where flag = $1', ['maybe']);
    await same('insert into kinds (note) values ($1)', ['after the errors']);
  });

  it('leaves a transaction aborted after a failed statement, as before, and rolls it back', async () => {
    const attempt = async (client: PGlite) => {
      const seen: unknown[] = [];
      const outcome = await client
        .transaction(async (tx) => {
          await tx.query('insert into kinds (note) values ($1)', ['in the transaction']);
          await tx.query('insert into kinds (note) values ($1)', ['unique-note']).catch((e: unknown) => {
            seen.push(errorFields(e));
          });
          await tx.query('select 1').catch((e: unknown) => seen.push(errorFields(e)));
        })
        .catch((e: unknown) => errorFields(e));
      const left = await client.query('select count(*)::int as n from kinds where note = $1', [
        'in the transaction',
      ]);
      return { seen, outcome, left: left.rows };
    };
    const [mine, theirs] = [await attempt(fast), await attempt(own)];
    expect(mine).toEqual(theirs);
    expect(mine.seen.map((e) => (e as { code: string }).code)).toEqual(['23505', '25P02']);
    expect(mine.outcome).toMatchObject({ code: '25P02' });
    expect(mine.left).toEqual([{ n: 0 }]);
  });

  it('runs a statement seen before in one call into the backend (PGlite: six), three times alike', async () => {
    const text = 'select id, note from kinds where note = $1';
    const answers = [];
    for (let run = 0; run < 3; run++) answers.push((await same(text, ['unique-note'])).result);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await callsFor(fast, () => fast.query(text, ['two']))).toBe(1);
    expect(await callsFor(own, () => own.query(text, ['two']))).toBe(6);
    expect(await callsFor(fast, () => fast.query('select $1::text || id from kinds', ['new']))).toBe(2);
  });

  it('answers right after the schema changes between runs of the same text', async () => {
    const text = 'select * from shapes where id = $1';
    const both = (statement: string) => Promise.all([fast.exec(statement), own.exec(statement)]);
    await both(`create table shapes (id int primary key, label text); insert into shapes values (1, 'one')`);
    await same(text, [1]);
    await both(`alter table shapes alter column id type text; alter table shapes add column extra jsonb`);
    await same(text, ['1']);
    await both(`drop table shapes; create table shapes (id uuid primary key, size int)`);
    await same(text, ['00000000-0000-0000-0000-000000000001']);
    // A change inside a transaction that rolls back: what was learnt inside it is forgotten with it.
    for (const client of [fast, own]) {
      await client
        .transaction(async (tx: Transaction) => {
          await tx.exec('alter table shapes alter column size type text');
          await tx.query('select size from shapes where size = $1', ['x']);
          throw new Error('roll back');
        })
        .catch(() => undefined);
    }
    await same('select size from shapes where size = $1', [3]);
    // The prepared statements dropped behind the cache's back, or a change hidden in a function.
    await both('discard all');
    await same(text, ['00000000-0000-0000-0000-000000000001']);
    await both(`create function reshape() returns void language plpgsql as $$
      begin alter table shapes add column hidden int; end $$`);
    await same('select reshape()');
    await same(text, ['00000000-0000-0000-0000-000000000001']);
  });

  it('answers 50 statements started at once, each in its turn', async () => {
    await fast.exec('create table turns (n int, at serial)');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        n % 5 === 4
          ? fast.query<{ c: number }>('select count(*)::int as c from turns')
          : fast.query<{ n: number }>('insert into turns (n) values ($1) returning n', [n]),
      ),
    );
    answers.forEach((answer, n) => {
      if (n % 5 === 4) expect(answer.rows).toEqual([{ c: n - Math.floor(n / 5) }]);
      else expect(answer.rows).toEqual([{ n }]);
    });
    const order = await fast.query<{ n: number }>('select n from turns order by at');
    expect(order.rows.map((r) => r.n)).toEqual(
      Array.from({ length: 50 }, (_, n) => n).filter((n) => n % 5 !== 4),
    );
  });

  it("runs drizzle's transactions and savepoints on the fast path, with the same outcome", async () => {
    const outcome = async (client: PGlite) => {
      await client.exec('create table if not exists ledger (id serial primary key, note text unique)');
      await client.exec('delete from ledger');
      const db = drizzle(client);
      const failedInner = await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into ledger (note) values (${'outer'})`);
          const inner = await tx
            .transaction(async (nested) => {
              await nested.execute(sql`insert into ledger (note) values (${'inner'})`);
              await nested.execute(sql`insert into ledger (note) values (${'outer'})`);
            })
            .catch((e: unknown) => (e as { cause?: { code?: string } }).cause?.code);
          await tx.execute(sql`insert into ledger (note) values (${'after'})`);
          return inner;
        })
        .catch((e: unknown) => e);
      const rolledBack = await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into ledger (note) values (${'gone'})`);
          tx.rollback();
        })
        .catch((e: unknown) => (e instanceof TransactionRollbackError ? 'rolled back' : e));
      const rows = await client.query<{ note: string }>('select note from ledger order by id');
      return { failedInner, rolledBack, notes: rows.rows.map((r) => r.note) };
    };
    const [mine, theirs] = [await outcome(fast), await outcome(own)];
    expect(mine).toEqual(theirs);
    expect(mine).toEqual({ failedInner: '23505', rolledBack: 'rolled back', notes: ['outer', 'after'] });
    const before = calls.get(fast)!;
    await outcome(fast);
    // create, delete, begin, 5 statements, commit, begin, 1, rollback, select: few calls, not six a statement.
    expect(calls.get(fast)! - before).toBeLessThan(30);
  });

  it('syncs the file system after a statement outside a transaction only, as PGlite does', async () => {
    const syncs = async (client: PGlite) => {
      let count = 0;
      const sync = client.syncToFs.bind(client);
      client.syncToFs = () => {
        count += 1;
        return sync();
      };
      await client.query('select 1');
      await client.transaction(async (tx) => {
        await tx.query('select 2');
        await tx.query('select 3');
      });
      client.syncToFs = sync;
      return count;
    };
    expect(await syncs(fast)).toBe(await syncs(own));
  });

  it('still fails a statement that waits past the bound with EmbeddedDatabaseWait, and never runs it', async () => {
    await fast.exec('create table waits (n int)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const started = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const gate = fast.transaction(async () => {
      holding();
      await held;
    });
    await started;
    const late = await fast.query('insert into waits values ($1)', [7]).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(EmbeddedDatabaseWait);
    release();
    await gate;
    expect((await fast.query('select count(*)::int as n from waits')).rows).toEqual([{ n: 0 }]);
    expect(statementCacheOf(fast)!.size).toBeGreaterThan(0);
  });
});
