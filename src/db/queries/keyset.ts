import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { encodeCursor, type PageCursor } from '../../shared/page-cursor';

/** Both cursors of a page: null when there is no page that way. */
export interface PageCursors {
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * Keyset paging of a list ordered `created_at desc, id desc` (issue 28). `where` is the cursor's condition (a row
 * comparison the `(created_at desc, id desc)` indexes answer from where the page starts), `orderBy` the read's
 * order (oldest first for a previous page, turned back by `page`); read `limit + 1` rows and give them to `page`.
 * `nulls` is where the list's index puts nulls (`first`, PostgreSQL's default for `desc`, or `last`): the order
 * must name it for the index to be read in order, even though neither column is ever null (decision 0057).
 */
export function keyset(
  createdAt: AnyColumn,
  id: AnyColumn,
  cursor: PageCursor | null | undefined,
  nulls: 'first' | 'last' = 'first',
) {
  const newest =
    nulls === 'first'
      ? [desc(createdAt), desc(id)]
      : [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];
  // The same index read backwards: ascending with the nulls at the other end.
  const oldest =
    nulls === 'first'
      ? [asc(createdAt), asc(id)]
      : [sql`${createdAt} asc nulls first`, sql`${id} asc nulls first`];
  if (!cursor) return { where: undefined, orderBy: newest };
  const key = sql`(${sql`${cursor.at}::timestamptz`}, ${cursor.id}::int)`;
  if (cursor.dir === 'after') {
    return { where: sql`(${createdAt}, ${id}) < ${key}` as SQL, orderBy: newest };
  }
  return { where: sql`(${createdAt}, ${id}) > ${key}` as SQL, orderBy: oldest };
}

/** The page shown (newest first) out of `limit + 1` rows read by `keyset`, and the cursors either side of it. */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  cursor: PageCursor | null | undefined,
  key: (row: T) => { createdAt: Date; id: number },
): { rows: T[] } & PageCursors {
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const at = (row: T, dir: PageCursor['dir']) => {
    const k = key(row);
    return encodeCursor({ dir, at: k.createdAt.toISOString(), id: k.id });
  };
  if (cursor?.dir === 'before') {
    shown.reverse();
    const first = shown[0];
    const last = shown.at(-1);
    return {
      rows: shown,
      // Newer rows remain when the read found more than a page; older ones are the page the client came from.
      prevCursor: more && first ? at(first, 'before') : null,
      nextCursor: last ? at(last, 'after') : encodeCursor({ ...cursor, dir: 'after' }),
    };
  }
  const first = shown[0];
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: more && last ? at(last, 'after') : null,
    prevCursor: cursor ? (first ? at(first, 'before') : encodeCursor({ ...cursor, dir: 'before' })) : null,
  };
}
