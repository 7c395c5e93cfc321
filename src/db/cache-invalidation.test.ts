import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import {
  cachingAllowed,
  type InvalidationSubscription,
  invalidate,
  listenForInvalidations,
  onInvalidate,
} from './cache-invalidation';
import { openDatabase } from './client';

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('cache invalidation in one process (PGlite)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('calls the listeners of the channel at once, with the key, and no others', async () => {
    const heard: Array<string | null> = [];
    const other: Array<string | null> = [];
    const stop = onInvalidate(database.db, 'things', (key) => heard.push(key));
    onInvalidate(database.db, 'others', (key) => other.push(key));
    await invalidate(database.db, 'things', 'thing:7');
    await invalidate(database.db, 'things');
    expect(heard).toEqual(['thing:7', null]);
    expect(other).toEqual([]);
    stop();
    await invalidate(database.db, 'things', 'thing:8');
    expect(heard).toHaveLength(2);
    expect(cachingAllowed(database.db)).toBe(true);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('cache invalidation between instances (PostgreSQL LISTEN/NOTIFY)', () => {
  // Two pools on one database stand for two app instances; each has its own listener.
  let first: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  let firstListener: InvalidationSubscription;
  let secondListener: InvalidationSubscription;
  const channel = `test-${Math.random().toString(36).slice(2)}`;
  // The listeners' connections carry this name, so the test cuts only its own.
  const listenerUrl = () => {
    const named = new URL(url!);
    named.searchParams.set('application_name', channel);
    return named.toString();
  };

  beforeAll(async () => {
    first = await createTestDatabase('postgres');
    second = await openDatabase({ url: url!, poolSize: 2 });
    firstListener = await listenForInvalidations(first.db, {
      connectionString: listenerUrl(),
      logger: pino({ level: 'silent' }),
      maxRetryMs: 200,
    });
    secondListener = await listenForInvalidations(second.db, {
      connectionString: listenerUrl(),
      logger: pino({ level: 'silent' }),
      maxRetryMs: 200,
    });
  });
  afterAll(async () => {
    await firstListener?.close();
    await secondListener?.close();
    await second?.close();
    await first?.destroy();
  });

  it("delivers one instance's invalidation to the other once, and not back to itself", async () => {
    const onFirst: Array<string | null> = [];
    const onSecond: Array<string | null> = [];
    onInvalidate(first.db, channel, (key) => onFirst.push(key));
    onInvalidate(second.db, channel, (key) => onSecond.push(key));

    await invalidate(first.db, channel, 'campaign:1');
    expect(onFirst).toEqual(['campaign:1']);
    await until(() => onSecond.length === 1);
    expect(onSecond).toEqual(['campaign:1']);

    await invalidate(second.db, channel);
    await until(() => onFirst.length === 2);
    expect(onFirst).toEqual(['campaign:1', null]);
    // Give a stray echo the time to arrive: there must be none.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onFirst).toHaveLength(2);
    expect(onSecond).toEqual(['campaign:1', null]);
  });

  it('reconnects after its connection is cut, drops everything cached meanwhile, and hears again', async () => {
    const onSecond: Array<string | null> = [];
    onInvalidate(second.db, channel, (key) => onSecond.push(key));
    const pids = await second.pool!.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [channel],
    );
    expect(pids.rows).toHaveLength(2);
    // Cut both listeners (a failover, a proxy timing out the idle connection…).
    await second.pool!.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
      pids.rows.map((row) => row.pid),
    ]);
    await until(() => !secondListener.connected);
    expect(cachingAllowed(second.db)).toBe(false);

    await until(() => secondListener.connected && firstListener.connected);
    expect(cachingAllowed(second.db)).toBe(true);
    // What changed while it could not hear is unknown: the whole channel was invalidated.
    expect(onSecond).toContain(null);

    onSecond.length = 0;
    await invalidate(first.db, channel, 'campaign:2');
    await until(() => onSecond.includes('campaign:2'));
  });
});
