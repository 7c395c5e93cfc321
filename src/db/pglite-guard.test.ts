import { createServer, type Server, Socket } from 'node:net';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeNetServer, listen, trackSockets } from '../../tests/support/bounded';
import { pgliteTemplate } from '../../tests/support/pglite-template';
import { EmbeddedDatabaseWait, guardPglite, isEmbeddedDatabaseWait } from './pglite-guard';

/**
 * The embedded database's turn-taking (src/db/pglite-guard.ts, decision 0036). The cause of the spin of issue 44: a
 * PGlite statement settles as a microtask, so a loop that only awaits statements never lets a socket be read.
 */
describe('the embedded database (PGlite) guard', () => {
  const WAIT_LIMIT_MS = 1_000;
  let client: PGlite;
  let server: Server;
  let sockets: ReturnType<typeof trackSockets>;
  let port = 0;

  beforeAll(async () => {
    // An unguarded PGlite of its own (openDatabase guards its databases), from the migrated template: no initdb.
    const template = pgliteTemplate();
    client = await PGlite.create({ ...(template ? { loadDataDir: template } : {}), extensions: { pg_trgm } });
    await client.exec('create table marks (n int)');
    // A local server that says "ready" to whoever connects: the socket the loops below wait for.
    server = createServer((socket) => socket.end('ready'));
    sockets = trackSockets(server);
    await listen(server, 'the guard test socket server');
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await client?.close();
    if (server) await closeNetServer((done) => server.close(done), 'the guard test socket server', sockets);
  });

  /** A transaction that holds the connection until released (after `first`, if given). */
  const holdConnection = (first?: (tx: Transaction) => Promise<void>) => {
    let holding!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const done = client.transaction(async (tx) => {
      await first?.(tx);
      holding();
      await held;
    });
    return { holding: started, release, done };
  };

  /** Runs statements until a socket's answer arrives, at most `limit`; how many it ran, and whether it arrived. */
  const statementsUntilAnswer = async (limit: number) => {
    let answered = false;
    const socket = new Socket();
    socket.on('data', () => {
      answered = true;
    });
    socket.on('error', () => undefined);
    socket.connect(port, '127.0.0.1');
    let statements = 0;
    while (!answered && statements < limit) {
      await client.query('select 1');
      statements += 1;
    }
    socket.destroy();
    return { statements, answered };
  };

  it('without the guard, a loop of statements starves a socket (the cause of the spin); with it, the socket is read', async () => {
    // Unguarded PGlite: 300 statements in a row and the local answer never gets in (it would spin for ever).
    const unguarded = await statementsUntilAnswer(300);
    expect(unguarded).toEqual({ statements: 300, answered: false });

    guardPglite(client, WAIT_LIMIT_MS);
    const started = Date.now();
    const withGuard = await statementsUntilAnswer(300);
    expect(withGuard.answered).toBe(true);
    expect(withGuard.statements).toBeLessThan(300);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lets timers run between the statements of a transaction', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    try {
      await client.transaction(async (tx) => {
        const until = Date.now() + 50;
        while (Date.now() < until) await tx.query('select 1');
      });
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('gives the connection to waiting statements first come first served', async () => {
    await client.exec('delete from marks');
    const gate = holdConnection(async (tx) => {
      await tx.query('insert into marks values (0)');
    });
    await gate.holding;
    const order: number[] = [];
    const waiting = [1, 2, 3, 4, 5].map((n) =>
      (n % 2 === 0
        ? client.exec(`insert into marks values (${n})`)
        : client.query('insert into marks values ($1)', [n])
      ).then(() => order.push(n)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    gate.release();
    await gate.done;
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(
      (await client.query<{ n: number }>('select n from marks order by n')).rows.map((r) => r.n),
    ).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('fails a statement that waits past the bound with EmbeddedDatabaseWait within it, and never runs it', async () => {
    await client.exec('delete from marks');
    const gate = holdConnection();
    await gate.holding;
    const started = Date.now();
    const late = client.query('insert into marks values (7)').catch((error: unknown) => error);
    const lateTransaction = client
      .transaction((tx) => tx.query('insert into marks values (8)'))
      .catch((error: unknown) => error);
    const error = await late;
    expect(error).toBeInstanceOf(EmbeddedDatabaseWait);
    expect(isEmbeddedDatabaseWait(new Error('wrapped', { cause: error }))).toBe(true);
    expect((error as Error).message).toMatch(/^EmbeddedDatabaseWait: a statement waited \d+ ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_LIMIT_MS - 5);
    expect(Date.now() - started).toBeLessThan(WAIT_LIMIT_MS + 3_000);
    expect(await lateTransaction).toBeInstanceOf(EmbeddedDatabaseWait);

    // The holder ends; what was given up never ran, and the next statements work.
    gate.release();
    await gate.done;
    expect((await client.query('select n from marks')).rows).toEqual([]);
    await client.query('insert into marks values (9)');
    expect((await client.query('select n from marks')).rows).toEqual([{ n: 9 }]);
  });
});
