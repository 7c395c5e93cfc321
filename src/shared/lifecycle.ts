import { type CampaignType, shipsBox } from './constants';
import { addDaysToIsoDate } from './dates';

export { shipsBox };

/**
 * One creator's application to one campaign, from applying to being paid (READINGS "Campaign lifecycle"):
 * applied → accepted | rejected | withdrawn → shipped → delivered → content_submitted → approved | changes_requested
 * → content_submitted …; an accepted application with no approved content by the upload deadline becomes missed.
 */
export const APPLICATION_STATUSES = [
  'applied',
  'accepted',
  'rejected',
  'withdrawn',
  'shipped',
  'delivered',
  'content_submitted',
  'changes_requested',
  'approved',
  'missed',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  accepted: 'Accepted',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
  shipped: 'PR box shipped',
  delivered: 'Delivered',
  content_submitted: 'Content in review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  missed: 'Missed deadline',
};

/** Statuses in which the creator still owes content: reminded before the upload deadline, missed after it. */
export const CONTENT_DUE_STATUSES = [
  'accepted',
  'shipped',
  'delivered',
  'changes_requested',
] as const satisfies readonly ApplicationStatus[];

/** Accepted and not finished: the dashboard's Active Campaigns, the review's 'In progress', where the upload deadline matters. */
export const IN_PROGRESS_STATUSES = [
  'accepted',
  'shipped',
  'delivered',
  'content_submitted',
  'changes_requested',
] as const satisfies readonly ApplicationStatus[];

/** Waiting for the admin: an application to accept or reject, or content to approve (the review's 'To review'). */
export const TO_REVIEW_STATUSES = [
  'applied',
  'content_submitted',
] as const satisfies readonly ApplicationStatus[];

/** With a final outcome: the base of the success rate. */
export const DECIDED_STATUSES = [
  'approved',
  'rejected',
  'missed',
] as const satisfies readonly ApplicationStatus[];

/** Over without a reward: the review's 'Closed'. */
export const CLOSED_STATUSES = [
  'rejected',
  'withdrawn',
  'missed',
] as const satisfies readonly ApplicationStatus[];

/** The PR box has left the brand: its tracking number is worth showing. */
export const BOX_SENT_STATUSES = [
  'shipped',
  'delivered',
  'content_submitted',
  'changes_requested',
  'approved',
] as const satisfies readonly ApplicationStatus[];

/** Accepted for a box campaign but the box has not been confirmed yet: content must wait for it. */
export const WAITING_FOR_BOX_STATUSES = [
  'accepted',
  'shipped',
] as const satisfies readonly ApplicationStatus[];

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
export interface LifecycleMove {
  readonly from: ApplicationStatus;
  readonly action: ApplicationAction;
  readonly to: ApplicationStatus;
  readonly by: LifecycleActor;
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

/** The move `actor` may make with `action` from `status` (for a campaign that sends a box or not), or null. */
export function findMove(
  status: ApplicationStatus,
  action: ApplicationAction,
  actor: LifecycleActor,
  box: boolean,
): LifecycleMove | null {
  return (
    LIFECYCLE_MOVES.find(
      (m) =>
        m.from === status && m.action === action && m.by === actor && (m.box === undefined || m.box === box),
    ) ?? null
  );
}

/** The actions `actor` may take from `status`, in the table's order (what a refused move answers as `allowed`). */
export function allowedActions(
  status: ApplicationStatus,
  actor: LifecycleActor,
  box: boolean,
): ApplicationAction[] {
  const actions = LIFECYCLE_MOVES.filter(
    (m) => m.from === status && m.by === actor && (m.box === undefined || m.box === box),
  ).map((m) => m.action);
  return [...new Set(actions)];
}

/** The actions the web offers `actor` as buttons at `status`: the allowed ones less the quiet repeats. */
export function offeredActions(
  status: ApplicationStatus,
  actor: LifecycleActor,
  box: boolean,
): Set<ApplicationAction> {
  return new Set(
    LIFECYCLE_MOVES.filter(
      (m) =>
        m.from === status && m.by === actor && m.offered !== false && (m.box === undefined || m.box === box),
    ).map((m) => m.action),
  );
}

/** The statuses an action starts from (for any actor and campaign), e.g. the sweep's content-due statuses. */
export function statusesFrom(action: ApplicationAction): ApplicationStatus[] {
  return [...new Set(LIFECYCLE_MOVES.filter((m) => m.action === action).map((m) => m.from))];
}

/** Whether `status` is one of `statuses` (typed for the readonly status sets above). */
export function isIn(statuses: readonly ApplicationStatus[], status: ApplicationStatus): boolean {
  return statuses.includes(status);
}

/** Statuses that count as "accepted" for the campaign's box count and the admin's Influencers column. */
export const ACCEPTED_STATUSES = [
  'accepted',
  'shipped',
  'delivered',
  'content_submitted',
  'changes_requested',
  'approved',
  'missed',
] as const satisfies readonly ApplicationStatus[];

export const DELIVERY_PROBLEMS = ['not_received', 'damaged', 'wrong_item'] as const;
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];

/** A reported delivery problem, as the admin and the creator read it. */
export const DELIVERY_PROBLEM_LABELS: Record<DeliveryProblem, string> = {
  not_received: 'Not received',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
};

/** Days between the application deadline and the upload deadline (READINGS "Campaign lifecycle"). */
export const UPLOAD_DEADLINE_DAYS = 7;

/** Upload deadline = application deadline + 7 days (spec §9), an ISO date. */
export function uploadDeadline(applicationDeadline: string): string {
  return addDaysToIsoDate(applicationDeadline, UPLOAD_DEADLINE_DAYS);
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Applications close at the end of the deadline day (UTC). */
export function applicationsOpen(deadline: string, now: Date): boolean {
  return todayOf(now) <= deadline;
}

/** Content can be submitted until the end of the upload deadline day (deadline + 7 days, UTC). */
export function uploadsOpen(deadline: string, now: Date): boolean {
  return todayOf(now) <= uploadDeadline(deadline);
}

/** The application deadline whose upload deadline is `uploadDay` (the inverse of uploadDeadline), for queries. */
export function applicationDeadlineFor(uploadDay: string): string {
  return addDaysToIsoDate(uploadDay, -UPLOAD_DEADLINE_DAYS);
}

/** A rough progress figure for the dashboard, 0-100. */
export function applicationProgress(status: ApplicationStatus, type: CampaignType): number {
  const box = shipsBox(type);
  switch (status) {
    case 'applied':
      return 10;
    case 'accepted':
      return box ? 25 : 40;
    case 'shipped':
      return 40;
    case 'delivered':
      return 55;
    case 'content_submitted':
      return 80;
    case 'changes_requested':
      return 70;
    case 'approved':
      return 100;
    default:
      return 0;
  }
}

/** What the creator should do next, in one line. */
export function nextStep(status: ApplicationStatus, type: CampaignType): string {
  switch (status) {
    case 'applied':
      return 'Waiting for the brand to review your application';
    case 'accepted':
      return shipsBox(type) ? 'The brand is preparing your PR box' : 'Post your content and submit the link';
    case 'shipped':
      return 'Your PR box is on its way: confirm when it arrives';
    case 'delivered':
      return 'Post your content and submit the link';
    case 'content_submitted':
      return 'Your content is being reviewed';
    case 'changes_requested':
      return 'Update your content and submit it again';
    case 'approved':
      return 'Done: your reward was credited';
    case 'rejected':
      return 'Not selected this time';
    case 'withdrawn':
      return 'You withdrew this application';
    case 'missed':
      return 'The upload deadline passed';
  }
}

/** Hosts accepted as links to a post on each platform. */
export const PLATFORM_POST_HOSTS: Record<string, readonly string[]> = {
  instagram: ['instagram.com', 'www.instagram.com', 'instagr.am'],
  tiktok: ['tiktok.com', 'www.tiktok.com', 'vm.tiktok.com', 'm.tiktok.com'],
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be'],
  facebook: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'fb.watch'],
};

/** True when `url` is an https link to a post on `platform`. */
export function isPlatformPostUrl(url: string, platform: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const hosts = PLATFORM_POST_HOSTS[platform] ?? [];
  return hosts.includes(parsed.hostname.toLowerCase()) && parsed.pathname.length > 1;
}
