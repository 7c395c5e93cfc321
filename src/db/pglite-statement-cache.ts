import type { messages } from '@electric-sql/pglite';

/*
 * What the embedded database's fast statement path (pglite-statements.ts, decision 0056) remembers per SQL text:
 * the parameter types the database gave the first time (so the values can be written without asking again), and,
 * with named statements, the name of the statement kept prepared in the database. Bounded, least recently used
 * first out.
 *
 * What was learnt stays true only while the schema does. Every answer that passes through the client is read for
 * its command tags: a tag that may change a type, a search path or the prepared statements themselves (CREATE,
 * ALTER, DROP, SET, DO, DISCARD, DEALLOCATE, PREPARE, … anything not in HARMLESS) forgets everything. A transaction
 * that changed the schema and then rolls back (ROLLBACK, ROLLBACK TO SAVEPOINT) forgets everything again: what was
 * learnt after the change, inside that transaction, belonged to a schema that no longer exists.
 */

/** Command tags that change no type, no search path and no prepared statement. */
const HARMLESS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'COPY',
  'FETCH',
  'MOVE',
  'BEGIN',
  'START',
  'COMMIT',
  'SAVEPOINT',
  'RELEASE',
  'LISTEN',
  'UNLISTEN',
  'NOTIFY',
  'SHOW',
  'LOCK',
  'TRUNCATE',
  'VACUUM',
  'ANALYZE',
  'EXPLAIN',
]);

/** What is known about one SQL text. */
export interface Learnt {
  /** The parameters' type ids, as the database described them. */
  types: number[];
  /** The prepared statement's name in the database ('' when the text is parsed again on every run). */
  name: string;
}

/** Statements a named cache keeps prepared: plain reads and writes (no utility statement is kept). */
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;

export class StatementCache {
  readonly #entries = new Map<string, Learnt>();
  /** Names of statements forgotten here but still prepared in the database: closed in front of the next batch. */
  #toClose: string[] = [];
  /** The open transaction changed the schema (its rollback must forget again). */
  #schemaChangedInTransaction = false;
  #counter = 0;

  constructor(
    readonly limit: number,
    readonly named: boolean,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** What was learnt about `sql`, if anything (and it becomes the most recently used). */
  get(sql: string): Learnt | undefined {
    const learnt = this.#entries.get(sql);
    if (learnt) {
      this.#entries.delete(sql);
      this.#entries.set(sql, learnt);
    }
    return learnt;
  }

  /** The name to prepare `sql` under: a new one for a kept statement, '' (unnamed) otherwise. */
  nameFor(sql: string): string {
    if (!this.named || !KEEPABLE.test(sql)) return '';
    this.#counter += 1;
    return `mintbox_s${this.#counter}`;
  }

  remember(sql: string, learnt: Learnt): void {
    this.forget(sql);
    this.#entries.set(sql, learnt);
    while (this.#entries.size > this.limit) {
      const oldest = this.#entries.keys().next().value as string;
      this.forget(oldest);
    }
  }

  /** Forgets `sql` (its prepared statement is closed with the next batch). */
  forget(sql: string): void {
    const learnt = this.#entries.get(sql);
    if (!learnt) return;
    this.#entries.delete(sql);
    if (learnt.name) this.#toClose.push(learnt.name);
  }

  /** A statement prepared under `name` whose result was not kept (closed with the next batch). */
  discard(name: string): void {
    if (name) this.#toClose.push(name);
  }

  forgetAll(): void {
    for (const learnt of this.#entries.values()) if (learnt.name) this.#toClose.push(learnt.name);
    this.#entries.clear();
  }

  /** The names to close now (each handed out once). */
  takeClosing(): string[] {
    const names = this.#toClose;
    this.#toClose = [];
    return names;
  }

  /** Reads an answer of the database (any path: this one, PGlite's own query and exec, the job queue's). */
  watch(answer: readonly messages.BackendMessage[]): void {
    for (const message of answer) {
      if (message.name === 'commandComplete') {
        const tag = (message as messages.CommandCompleteMessage).text.split(' ', 1)[0]!;
        if (tag === 'ROLLBACK') {
          if (this.#schemaChangedInTransaction) this.forgetAll();
        } else if (!HARMLESS.has(tag)) {
          this.forgetAll();
          this.#schemaChangedInTransaction = true;
        }
      } else if (message.name === 'readyForQuery') {
        if ((message as messages.ReadyForQueryMessage).status === 'I')
          this.#schemaChangedInTransaction = false;
      }
    }
  }

  /**
   * A simple-protocol text failed part-way (its tags were not seen): what it did before the error stands until the
   * transaction ends, so its rollback forgets everything.
   */
  failedSimpleQuery(): void {
    this.#schemaChangedInTransaction = true;
  }
}
