import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { type Learnt, StatementCache } from './pglite-statement-cache';

/*
 * A faster statement path for the embedded database (issue 43, decision 0056). PGlite's own `query` makes six calls
 * into its WebAssembly backend per statement (parse, describe the statement, bind, describe the portal, execute,
 * sync), each through `execProtocolStream`, and parses and plans the text every time. The backend processes every
 * message of one buffer in one call, so here a statement whose text was seen before is ONE call: bind, describe,
 * execute and sync (after a parse, unless the statement is kept prepared), with its values written by the parameter
 * types learnt the first time (pglite-statement-cache.ts). A text seen for the first time takes two calls (parse and
 * describe; then the rest).
 *
 * What the callers see does not change: the same rows, fields, affected rows and command through PGlite's own
 * `parseResults` (row mode, custom parsers and serializers honoured), the same DatabaseError with the query, params
 * and options PGlite adds, a failed statement inside a transaction leaves it aborted as before, the file system
 * synced after a statement outside a transaction. Every statement still takes PGlite's two queues
 * (`_runExclusiveTransaction`, `_runExclusiveQuery`), so the guard of decision 0036 (a turn of the event loop per
 * statement, first come first served, a bounded wait) applies as before. A query with a blob or explicit parameter
 * types goes through PGlite's own path.
 */

/** How many SQL texts are remembered (each kept prepared holds its plan in the database's memory). */
export const STATEMENT_CACHE_SIZE = 500;

type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<unknown>>;

export interface FastStatementsOptions {
  /** Keep each select/insert/update/delete prepared in the database under a name (parse and plan once). */
  named?: boolean;
  /** How many SQL texts to remember. */
  cacheSize?: number;
}

const installed = new WeakMap<PGlite, StatementCache>();

/** The statement cache of `client` (tests read its size), when the fast path is installed. */
export function statementCacheOf(client: PGlite): StatementCache | undefined {
  return installed.get(client);
}

const { serialize } = protocol;
const describePortal = serialize.describe({ type: 'P' });
const execute = serialize.execute({});
const sync = serialize.sync();

function joined(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const buffer = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    buffer.set(part, at);
    at += part.length;
  }
  return buffer;
}

const errorIn = (answer: readonly messages.BackendMessage[]) =>
  answer.find((message): message is messages.DatabaseError => message instanceof messages.DatabaseError);

/** The fields PGlite's makePGliteError adds to a DatabaseError. */
function asPgliteError(
  error: messages.DatabaseError,
  sql: string,
  params: unknown[],
  options?: QueryOptions,
) {
  return Object.assign(error, { query: sql, params, queryOptions: options });
}

/** Only row mode, parsers, serializers and notices: anything else goes through PGlite's own query. */
const fastOptions = (options?: QueryOptions) =>
  !options || (options.blob === undefined && !options.paramTypes);

/**
 * Installs the fast path on `client` (once): its `query`, and the `query` of the transactions its `transaction`
 * hands out. Installed after the guard (pglite-guard.ts), whose queues it takes.
 */
export function fastStatements(client: PGlite, options: FastStatementsOptions = {}): PGlite {
  if (installed.has(client)) return client;
  const cache = new StatementCache(options.cacheSize ?? STATEMENT_CACHE_SIZE, options.named ?? true);
  installed.set(client, cache);
  const stream = client.execProtocolStream.bind(client);
  const ownQuery = client.query.bind(client) as Query;
  const ownTransaction = client.transaction.bind(client);

  // Every answer on every path is read for schema changes (PGlite's own query and exec go through this method).
  client.execProtocolStream = async (message, streamOptions) => {
    try {
      const answer = await stream(message, streamOptions);
      cache.watch(answer);
      return answer;
    } catch (error) {
      if (message[0] === 0x51 /* 'Q': a simple query */) cache.failedSimpleQuery();
      throw error;
    }
  };

  /** Sends one buffer; its answer as PGlite parsed it (errors among the messages, not thrown). */
  const send = async (parts: Uint8Array[], queryOptions?: QueryOptions) => {
    const closing = cache.takeClosing();
    const buffer = joined([...closing.map((name) => serialize.close({ type: 'S', name })), ...parts]);
    const answer = await stream(buffer, {
      syncToFs: false,
      throwOnError: false,
      onNotice: queryOptions?.onNotice,
    });
    cache.watch(answer);
    return answer;
  };

  const valuesFor = (params: unknown[], types: number[], queryOptions?: QueryOptions) =>
    params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i]!;
      const write = queryOptions?.serializers?.[oid] ?? client.serializers[oid];
      return write ? write(param) : (param as { toString(): string }).toString();
    });

  /** Bind, describe, execute, sync: the statement prepared under `name`, or parsed in the same buffer. */
  const run = (
    sql: string,
    learnt: Learnt,
    values: (string | null)[],
    parsed: boolean,
    queryOptions?: QueryOptions,
  ) =>
    send(
      [
        ...(parsed ? [] : [serialize.parse({ text: sql })]),
        serialize.bind({ statement: learnt.name, values }),
        describePortal,
        execute,
        sync,
      ],
      queryOptions,
    );

  /** First sight of `sql`: parse and describe (one call), then the values written by the types described. */
  const learnAndRun = async (sql: string, params: unknown[], queryOptions?: QueryOptions) => {
    const name = cache.nameFor(sql);
    const described = await send(
      [serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })],
      queryOptions,
    );
    const failed = errorIn(described);
    if (failed) {
      await send([sync], queryOptions);
      throw failed;
    }
    const description = described.find((m) => m.name === 'parameterDescription') as
      | messages.ParameterDescriptionMessage
      | undefined;
    const learnt = { types: description?.dataTypeIDs ?? [], name };
    let values: (string | null)[];
    try {
      values = valuesFor(params, learnt.types, queryOptions);
    } catch (error) {
      cache.discard(name);
      await send([sync], queryOptions);
      throw error;
    }
    cache.remember(sql, learnt);
    return run(sql, learnt, values, true, queryOptions);
  };

  /** A text seen before: one call. A kept statement the database no longer has (or whose result changed) is
   * prepared again, when no transaction was open (nothing ran: the failed statement rolled back by itself). */
  const runKnown = async (sql: string, learnt: Learnt, params: unknown[], queryOptions?: QueryOptions) => {
    let values: (string | null)[];
    try {
      values = valuesFor(params, learnt.types, queryOptions);
    } catch {
      // Perhaps types learnt before a change this cache did not see: learn again (and fail as PGlite would).
      cache.forget(sql);
      return learnAndRun(sql, params, queryOptions);
    }
    const answer = await run(sql, learnt, values, learnt.name !== '', queryOptions);
    const failed = learnt.name ? errorIn(answer) : undefined;
    if (failed && (failed.code === '0A000' || failed.code === '26000')) {
      const ready = answer.at(-1) as messages.ReadyForQueryMessage | undefined;
      cache.forget(sql);
      if (ready?.name === 'readyForQuery' && ready.status === 'I')
        return learnAndRun(sql, params, queryOptions);
    }
    return answer;
  };

  const statement = (
    sql: string,
    params: unknown[] = [],
    queryOptions?: QueryOptions,
    inTransaction = false,
  ) =>
    client._runExclusiveQuery(async () => {
      await client._handleBlob(undefined);
      const learnt = cache.get(sql);
      let answer: messages.BackendMessage[];
      try {
        answer = learnt
          ? await runKnown(sql, learnt, params, queryOptions)
          : await learnAndRun(sql, params, queryOptions);
      } catch (error) {
        throw error instanceof messages.DatabaseError
          ? asPgliteError(error, sql, params, queryOptions)
          : error;
      }
      const failed = errorIn(answer);
      if (failed) throw asPgliteError(failed, sql, params, queryOptions);
      await client._cleanupBlob();
      if (!inTransaction) await client.syncToFs();
      const blob = await client._getWrittenBlob();
      return parse.parseResults(answer, client.parsers, queryOptions, blob)[0] as Results<unknown>;
    });

  const fastQuery: Query = async (sql, params, queryOptions) => {
    if (!fastOptions(queryOptions)) return ownQuery(sql, params, queryOptions);
    await client._checkReady();
    return client._runExclusiveTransaction(() => statement(sql, params, queryOptions));
  };
  client.query = fastQuery as PGlite['query'];

  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    ownTransaction((tx) => {
      const fastTx: Transaction = {
        query: async <R>(sql: string, params?: unknown[], queryOptions?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          if (!fastOptions(queryOptions)) return tx.query<R>(sql, params, queryOptions);
          return (await statement(sql, params, queryOptions, true)) as Results<R>;
        },
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (sql, queryOptions) => tx.exec(sql, queryOptions),
        rollback: () => tx.rollback(),
        listen: (channel, listener) => tx.listen(channel, listener),
        get closed() {
          return tx.closed;
        },
      };
      return callback(fastTx);
    });
  return client;
}
