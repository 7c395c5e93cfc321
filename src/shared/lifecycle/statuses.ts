import { labelledValues } from '../labelled-values';

/*
 * An application's statuses and the sets the screens and rules group them in. The lifecycle rules live in this
 * folder (src/shared/lifecycle/): statuses here, the table of moves in moves.ts, the refusals' sentences in
 * refusals.ts, the deadlines in deadlines.ts, the creator's progress in creator-progress.ts, delivery problems in
 * delivery-problems.ts, the post links a submission accepts in post-links.ts.
 */

/**
 * One creator's application to one campaign, from applying to being paid (READINGS "Campaign lifecycle"):
 * applied → accepted | rejected | withdrawn → shipped → delivered → content_submitted → approved | changes_requested
 * → content_submitted …; an accepted application with no approved content by the upload deadline becomes missed.
 */
export const APPLICATION_STATUS_LABELS = {
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
export const APPLICATION_STATUSES = labelledValues(APPLICATION_STATUS_LABELS);
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

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
