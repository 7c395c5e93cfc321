import { actionsOf, findTableMove, movesFrom, statusesFromIn, type TableMove } from '../move-table';
import type { ApplicationStatus } from './statuses';

/** Who moves an application: its creator, an admin, or the server on its own (the deadline sweep). */
export const LIFECYCLE_ACTORS = ['creator', 'admin', 'system'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

/**
 * Every step that moves an application (or, for a few, checks that it may be taken at this status and leaves the
 * status as it is). Replying to or resolving a delivery problem is a step of the problem, not of the application:
 * it is allowed at any status while the problem is open, so it is not in the table.
 */
export const APPLICATION_ACTIONS = [
  'accept',
  'reject',
  'withdraw',
  'ship',
  'mark_delivered',
  'confirm_delivery',
  'report_problem',
  'reship',
  'submit_content',
  'approve',
  'request_changes',
  'miss_deadline',
  'close_account',
] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** One allowed move: from a status, by an action of one actor, to a status. */
export interface LifecycleMove extends TableMove<ApplicationStatus, ApplicationAction, LifecycleActor> {
  /** Only for campaigns that send a PR box (true) or only for those that do not (false); both when absent. */
  readonly box?: boolean;
  /** Accepted when asked (a repeated confirmation is harmless) but not offered as a button. */
  readonly offered?: false;
  /**
   * What the move does to the boxes of the variants the creator chose (issue 37): acceptance reserves one of each
   * (409 SOLD_OUT when one has none left), leaving `accepted` before the box ships (the creator withdraws, the team
   * declines, the deadline passes, the account closes; decision 0041) gives them back.
   */
  readonly stock?: 'reserve' | 'release';
}

/**
 * The one table of lifecycle moves (READINGS "Campaign lifecycle"). The server moves an application only along a row
 * of it (services/applications/transition.ts), and the web offers exactly the actions it allows.
 */
export const LIFECYCLE_MOVES: readonly LifecycleMove[] = [
  { from: 'applied', action: 'accept', to: 'accepted', by: 'admin', stock: 'reserve' },
  { from: 'applied', action: 'reject', to: 'rejected', by: 'admin' },
  { from: 'applied', action: 'withdraw', to: 'withdrawn', by: 'creator' },
  { from: 'accepted', action: 'withdraw', to: 'withdrawn', by: 'creator', stock: 'release' },
  { from: 'accepted', action: 'reject', to: 'rejected', by: 'admin', stock: 'release' },
  { from: 'accepted', action: 'ship', to: 'shipped', by: 'admin', box: true },
  // Correcting the carrier or tracking number of a box on its way.
  { from: 'shipped', action: 'ship', to: 'shipped', by: 'admin', box: true },
  { from: 'shipped', action: 'mark_delivered', to: 'delivered', by: 'admin', box: true },
  { from: 'shipped', action: 'confirm_delivery', to: 'delivered', by: 'creator', box: true },
  // The admin marked it delivered first, or a second click: the creator's confirmation is still recorded.
  {
    from: 'delivered',
    action: 'confirm_delivery',
    to: 'delivered',
    by: 'creator',
    box: true,
    offered: false,
  },
  { from: 'shipped', action: 'report_problem', to: 'shipped', by: 'creator', box: true },
  { from: 'delivered', action: 'report_problem', to: 'delivered', by: 'creator', box: true },
  // A new box for a reported problem: delivery is confirmed again.
  { from: 'shipped', action: 'reship', to: 'shipped', by: 'admin', box: true },
  { from: 'delivered', action: 'reship', to: 'shipped', by: 'admin', box: true },
  // No box to wait for: content can follow acceptance.
  { from: 'accepted', action: 'submit_content', to: 'content_submitted', by: 'creator', box: false },
  { from: 'delivered', action: 'submit_content', to: 'content_submitted', by: 'creator' },
  { from: 'changes_requested', action: 'submit_content', to: 'content_submitted', by: 'creator' },
  { from: 'content_submitted', action: 'approve', to: 'approved', by: 'admin' },
  { from: 'content_submitted', action: 'request_changes', to: 'changes_requested', by: 'admin' },
  // The upload deadline passed with content still owed (the sweep; CONTENT_DUE_STATUSES).
  { from: 'accepted', action: 'miss_deadline', to: 'missed', by: 'system', stock: 'release' },
  { from: 'shipped', action: 'miss_deadline', to: 'missed', by: 'system' },
  { from: 'delivered', action: 'miss_deadline', to: 'missed', by: 'system' },
  { from: 'changes_requested', action: 'miss_deadline', to: 'missed', by: 'system' },
  // The creator closed their account (decision 0028): an application past review that is not over yet ends with it
  // (under review, the creator's own Withdraw does it). Nobody can sign in to the account any more, so no box,
  // content or reward can follow, and no Mint is credited to it.
  { from: 'accepted', action: 'close_account', to: 'withdrawn', by: 'system', stock: 'release' },
  { from: 'shipped', action: 'close_account', to: 'withdrawn', by: 'system' },
  { from: 'delivered', action: 'close_account', to: 'withdrawn', by: 'system' },
  { from: 'content_submitted', action: 'close_account', to: 'withdrawn', by: 'system' },
  { from: 'changes_requested', action: 'close_account', to: 'withdrawn', by: 'system' },
];

/** Whether a row applies to a campaign that sends a box (`box`) or not. */
const forBox = (box: boolean) => (m: LifecycleMove) => m.box === undefined || m.box === box;

/** The move `actor` may make with `action` from `status` (for a campaign that sends a box or not), or null. */
export function findMove(
  status: ApplicationStatus,
  action: ApplicationAction,
  actor: LifecycleActor,
  box: boolean,
): LifecycleMove | null {
  return findTableMove(LIFECYCLE_MOVES, status, action, actor, forBox(box));
}

/** The actions `actor` may take from `status`, in the table's order (what a refused move answers as `allowed`). */
export function allowedActions(
  status: ApplicationStatus,
  actor: LifecycleActor,
  box: boolean,
): ApplicationAction[] {
  return actionsOf(movesFrom(LIFECYCLE_MOVES, status, actor, forBox(box)));
}

/** The actions the web offers `actor` as buttons at `status`: the allowed ones less the quiet repeats. */
export function offeredActions(
  status: ApplicationStatus,
  actor: LifecycleActor,
  box: boolean,
): Set<ApplicationAction> {
  const offered = movesFrom(LIFECYCLE_MOVES, status, actor, forBox(box)).filter((m) => m.offered !== false);
  return new Set(offered.map((m) => m.action));
}

/** The statuses an action starts from (for any actor and campaign), e.g. the sweep's content-due statuses. */
export function statusesFrom(action: ApplicationAction): ApplicationStatus[] {
  return statusesFromIn(LIFECYCLE_MOVES, action);
}
