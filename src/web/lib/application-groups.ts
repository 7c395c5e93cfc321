import type { ApplicationStatus, DeliveryProblem } from '../../shared/lifecycle';

/*
 * Groups of application statuses and the delivery-problem labels that several screens share (the creator's
 * dashboard and My Campaigns, the admin's review). Issue 10 gives src/shared/lifecycle.ts the job of listing status
 * sets once: these belong there, and move there when the server half of the issue has reorganised that file.
 */

/** Accepted and not finished: the dashboard's Active Campaigns, the review's 'In progress', where the upload deadline matters. */
export const IN_PROGRESS_STATUSES = [
  'accepted',
  'shipped',
  'delivered',
  'content_submitted',
  'changes_requested',
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

export function isIn(statuses: readonly ApplicationStatus[], status: ApplicationStatus): boolean {
  return statuses.includes(status);
}

/** A reported delivery problem, as the admin and the creator read it. */
export const DELIVERY_PROBLEM_LABELS: Record<DeliveryProblem, string> = {
  not_received: 'Not received',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
};
