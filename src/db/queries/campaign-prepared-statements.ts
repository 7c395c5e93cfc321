import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseOrTransaction } from '../client';
import type { CampaignRow } from '../schema/campaigns';

interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}
export type CampaignSelectionRow = Omit<CampaignRow, 'searchText'> & {
  acceptedCount: number | null;
  box: unknown;
};

/**
 * One catalogue statement: drizzle renders it once; on a database handle (not a transaction) it then runs straight
 * on the driver as a named statement, and its rows are mapped once, from the driver's row to the API's shape
 * (decision 0019: drizzle's execute wrappers and row mapping were about a tenth of a catalogue answer's CPU).
 * Inside a transaction drizzle's prepared statement runs it (same name, same text).
 */
export interface Statement<T> {
  name: string;
  text: string;
  /** Values and placeholders in order, as drizzle rendered them. */
  params: unknown[];
  prepared: Prepared<T>;
}

export function statement<T>(
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] }; prepare(name: string): Prepared<T> },
): Statement<T> {
  const { sql: text, params } = query.toSQL();
  return { name, text, params, prepared: query.prepare(name) };
}

/** Runs a rendered statement on the driver under drizzle's logger; rows as the driver gives them. */
export type DriverRun = (name: string, text: string, params: unknown[]) => Promise<unknown[]>;

/** Calendar dates stay ISO text, as drizzle's `date({ mode: 'string' })` gives them; the rest as the driver parses. */
const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.DATE
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
const PGLITE_OPTIONS = { parsers: { [pgliteTypes.DATE]: (value: string) => value } };

export function driverRunOf(db: DatabaseOrTransaction): DriverRun | null {
  const { $client: client, session } = db as unknown as { $client?: unknown; session?: { logger?: Logger } };
  const logger = session?.logger;
  if (client instanceof pg.Pool) {
    return async (name, text, params) => {
      logger?.logQuery(text, params);
      return (await client.query({ name, text, values: params, types: PG_TYPES })).rows;
    };
  }
  if (client instanceof PGlite) {
    return async (_name, text, params) => {
      logger?.logQuery(text, params);
      return (await client.query(text, params, PGLITE_OPTIONS)).rows;
    };
  }
  return null;
}
