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

/** The box has been shipped to the creator: they can confirm it arrived or report a problem. */
export const BOX_OUT_STATUSES = ['shipped', 'delivered'] as const satisfies readonly ApplicationStatus[];

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

/** Statuses from which the creator may submit content for this campaign type. */
export function canSubmitContentFrom(status: ApplicationStatus, type: CampaignType): boolean {
  if (status === 'delivered' || status === 'changes_requested') return true;
  // No box to wait for: content can follow acceptance.
  return status === 'accepted' && !shipsBox(type);
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
