/** A row of a raw SQL statement (`db.execute(sql…)`) as both drivers answer it: column name to value. */
export type Row = Record<string, unknown>;

/** The rows of a raw statement's result (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T = Row>(result: unknown) => (result as { rows: T[] }).rows;
