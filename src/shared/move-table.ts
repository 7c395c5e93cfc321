/**
 * What every table of moves shares (the applications' LIFECYCLE_MOVES in ./lifecycle/moves.ts, money's PAYOUT_MOVES in
 * ./payout-moves.ts): a row is from a status, by an action of one actor, to a status; a move is allowed only along a row.
 */
export interface TableMove<Status, Action, Actor> {
  readonly from: Status;
  readonly action: Action;
  readonly to: Status;
  readonly by: Actor;
}

type AnyMove = TableMove<unknown, unknown, unknown>;

/** The rows `actor` may take from `status`, in the table's order (`fits` keeps the rows that apply to this record). */
export function movesFrom<M extends AnyMove>(
  table: readonly M[],
  status: M['from'],
  actor: M['by'],
  fits: (move: M) => boolean = () => true,
): M[] {
  return table.filter((m) => m.from === status && m.by === actor && fits(m));
}

/** The row `actor` may take with `action` from `status`, or null. */
export function findTableMove<M extends AnyMove>(
  table: readonly M[],
  status: M['from'],
  action: M['action'],
  actor: M['by'],
  fits?: (move: M) => boolean,
): M | null {
  return movesFrom(table, status, actor, fits).find((m) => m.action === action) ?? null;
}

/** The actions of `moves`, each once, in their order (what a refused move answers as `allowed`). */
export function actionsOf<M extends AnyMove>(moves: readonly M[]): M['action'][] {
  return [...new Set(moves.map((m) => m.action))];
}

/** The statuses `action` starts from in `table` (for any actor). */
export function statusesFromIn<M extends AnyMove>(table: readonly M[], action: M['action']): M['from'][] {
  return [...new Set(table.filter((m) => m.action === action).map((m) => m.from))];
}
