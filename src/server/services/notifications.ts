import type { DatabaseOrTransaction } from '../../db/client';
import { activeAdminUserIds, userIdOfCreator } from '../../db/queries/notifications';
import { notifications } from '../../db/schema/notifications';
import { DELIVERY_PROBLEM_LABELS, type DeliveryProblem } from '../../shared/lifecycle/delivery-problems';
import { payoutLabel } from '../../shared/payouts';
import type { NotificationKind } from '../../shared/schemas/notifications';

/**
 * Issue 13: the in-app notification centre's writer. Every use case that reports a change calls it with its own
 * transaction, so the notification exists exactly when the change does (a failing step rolls both back).
 */
export interface Notice {
  kind: NotificationKind;
  title: string;
  body: string;
  /** An app path to the thing (a page that exists in src/web/app/router.tsx). */
  link: string;
}

/** One notification for a creator (none when the creator record has no sign-in account to read it with). */
export async function notifyCreator(tx: DatabaseOrTransaction, creatorId: number, notice: Notice, now: Date) {
  const userId = await userIdOfCreator(tx, creatorId);
  if (!userId) return 0;
  await tx.insert(notifications).values({ userId, ...notice, createdAt: now });
  return 1;
}

/** One notification each for several creators, in one insert (those without a sign-in account get none). */
export async function notifyCreatorUsers(
  tx: DatabaseOrTransaction,
  notices: Array<{ userId: string | null; notice: Notice }>,
  now: Date,
) {
  const rows = notices.flatMap(({ userId, notice }) =>
    userId ? [{ userId, ...notice, createdAt: now }] : [],
  );
  if (rows.length > 0) await tx.insert(notifications).values(rows);
  return rows.length;
}

/** One notification per active admin. */
export async function notifyAdmins(tx: DatabaseOrTransaction, notice: Notice, now: Date) {
  const ids = await activeAdminUserIds(tx);
  if (ids.length === 0) return 0;
  await tx.insert(notifications).values(ids.map((userId) => ({ userId, ...notice, createdAt: now })));
  return ids.length;
}

const CAMPAIGNS = '/dashboard?tab=campaigns';
const WALLET = '/dashboard?tab=wallet';
const mint = (amount: number) => `${amount.toLocaleString('en-US')} Mint`;
const withMessage = (text: string, message: string | null | undefined) =>
  message ? `${text} Message from the brand: "${message}"` : text;

/** What a creator is told, one text per event. */
export const creatorNotice = {
  accepted: (campaign: string, message?: string | null): Notice => ({
    kind: 'application_accepted',
    title: `You're in: ${campaign}`,
    body: withMessage(`Your application to ${campaign} was accepted.`, message),
    link: CAMPAIGNS,
  }),
  rejected: (campaign: string, message?: string | null): Notice => ({
    kind: 'application_rejected',
    title: `Not selected: ${campaign}`,
    body: withMessage(`Your application to ${campaign} was not selected this time.`, message),
    link: CAMPAIGNS,
  }),
  shipped: (campaign: string, carrier: string, trackingNumber: string): Notice => ({
    kind: 'box_shipped',
    title: `Your PR box is on its way: ${campaign}`,
    body: `Shipped with ${carrier}, tracking number ${trackingNumber}.`,
    link: CAMPAIGNS,
  }),
  /** Issue 37: the option the creator chose ran out; the link opens their Change my choice dialog. */
  choiceRequested: (campaign: string, soldOut: string, applicationId: number): Notice => ({
    kind: 'choice_requested',
    title: `Choose another option: ${campaign}`,
    body: `${soldOut} ran out before your application could be accepted. Choose another option so the brand can accept you.`,
    link: `${CAMPAIGNS}&choose=${applicationId}`,
  }),
  delivered: (campaign: string): Notice => ({
    kind: 'box_delivered',
    title: `Your PR box was delivered: ${campaign}`,
    body: 'The brand marked your PR box delivered. Post your content and submit the link before your upload deadline.',
    link: CAMPAIGNS,
  }),
  changesRequested: (campaign: string, message: string): Notice => ({
    kind: 'changes_requested',
    title: `Changes requested: ${campaign}`,
    body: withMessage(
      'The brand asked for changes to your content. Resubmit the link when it is ready.',
      message,
    ),
    link: CAMPAIGNS,
  }),
  approved: (campaign: string, reward: number): Notice => ({
    kind: 'content_approved',
    title: `Content approved: ${campaign}`,
    body:
      reward > 0
        ? `Your content was approved and ${mint(reward)} were added to your wallet.`
        : 'Your content was approved.',
    link: reward > 0 ? WALLET : CAMPAIGNS,
  }),
  missed: (campaign: string): Notice => ({
    kind: 'deadline_missed',
    title: `Upload deadline missed: ${campaign}`,
    body: 'The upload deadline passed without approved content, so this campaign is closed for you.',
    link: CAMPAIGNS,
  }),
  problemReply: (campaign: string, kind: DeliveryProblem, message: string): Notice => ({
    kind: 'problem_reply',
    title: `The brand replied about your PR box: ${campaign}`,
    body: `${DELIVERY_PROBLEM_LABELS[kind]}: "${message}"`,
    link: CAMPAIGNS,
  }),
  problemReshipped: (campaign: string, carrier: string, trackingNumber: string): Notice => ({
    kind: 'problem_reshipped',
    title: `A new PR box is on its way: ${campaign}`,
    body: `Shipped with ${carrier}, tracking number ${trackingNumber}. Confirm it when it arrives.`,
    link: CAMPAIGNS,
  }),
  problemResolved: (campaign: string, kind: DeliveryProblem, message?: string | null): Notice => ({
    kind: 'problem_resolved',
    title: `Delivery problem resolved: ${campaign}`,
    body: withMessage(`Your report (${DELIVERY_PROBLEM_LABELS[kind].toLowerCase()}) was resolved.`, message),
    link: CAMPAIGNS,
  }),
  addressChanged: (campaign: string): Notice => ({
    kind: 'shipping_address_changed',
    title: `Shipping address changed: ${campaign}`,
    body: 'The brand changed where your PR box for this campaign goes. Check it, and reply if it is wrong.',
    link: CAMPAIGNS,
  }),
  payoutPaid: (payoutId: number, amount: number): Notice => ({
    kind: 'payout_paid',
    title: `${payoutLabel(payoutId)} paid`,
    body: `Your redemption of ${mint(amount)} was paid to your PayPal account.`,
    link: WALLET,
  }),
  payoutBack: (payoutId: number, amount: number, status: 'failed' | 'returned', reason: string): Notice => ({
    kind: status === 'returned' ? 'payout_returned' : 'payout_failed',
    title: `${payoutLabel(payoutId)} ${status}`,
    body: `${reason} ${mint(amount)} are back in your wallet.`,
    link: WALLET,
  }),
  suspended: (reason: string): Notice => ({
    kind: 'account_suspended',
    title: 'Your account is suspended',
    body: `You cannot apply to new campaigns for now; your current campaigns go on. Reason: ${reason}`,
    link: '/dashboard',
  }),
  handleRemoved: (platformLabel: string, handle: string): Notice => ({
    kind: 'handle_removed',
    title: `Add your ${platformLabel} handle again`,
    body: `“${handle}” is not a ${platformLabel} handle or profile link, so it was taken off your profile. Add your handle on your profile so brands can find your account.`,
    link: '/profile',
  }),
  restored: (): Notice => ({
    kind: 'account_restored',
    title: 'Your account is active again',
    body: 'You can apply to campaigns again.',
    link: '/main',
  }),
};

/** What every active admin is told. */
export const adminNotice = {
  newApplication: (campaignId: number, campaign: string, creator: string): Notice => ({
    kind: 'new_application',
    title: `New application: ${campaign}`,
    body: `${creator} applied.`,
    link: `/admin/campaigns/${campaignId}`,
  }),
  contentSubmitted: (
    campaignId: number,
    campaign: string,
    creator: string,
    resubmitted: boolean,
  ): Notice => ({
    kind: resubmitted ? 'content_resubmitted' : 'content_submitted',
    title: `${resubmitted ? 'Content resubmitted' : 'Content submitted'}: ${campaign}`,
    body: `${creator} ${resubmitted ? 'resubmitted' : 'submitted'} content for review.`,
    link: `/admin/campaigns/${campaignId}`,
  }),
  newProblem: (campaign: string, creator: string, kind: DeliveryProblem): Notice => ({
    kind: 'new_delivery_problem',
    title: `Delivery problem: ${campaign}`,
    body: `${creator} reported: ${DELIVERY_PROBLEM_LABELS[kind].toLowerCase()}.`,
    link: '/admin/problems',
  }),
  payoutRequested: (payoutId: number, amount: number, creator: string): Notice => ({
    kind: 'payout_requested',
    title: `Payout requested: ${payoutLabel(payoutId)}`,
    body: `${creator} asked to redeem ${mint(amount)} to PayPal.`,
    link: '/admin/payments',
  }),
  payoutNeedsAttention: (payoutId: number, what: string): Notice => ({
    kind: 'payout_needs_attention',
    title: `Check in PayPal: ${payoutLabel(payoutId)}`,
    body: `PayPal answered something we cannot read (${what}). Check the payout in PayPal, then mark it paid or failed here.`,
    link: '/admin/payments',
  }),
  payoutUnknownEvent: (payoutId: number, type: string): Notice => ({
    kind: 'payout_needs_attention',
    title: `Unknown PayPal event: ${payoutLabel(payoutId)}`,
    body: `PayPal sent ${type}, an event it does not document. The payout's status was read from PayPal again; check it there if it looks wrong.`,
    link: '/admin/payments',
  }),
  storeOrderCancelled: (campaignId: number, campaign: string, creator: string, order: string): Notice => ({
    kind: 'store_order_cancelled',
    title: `Store order cancelled: ${campaign}`,
    body: `Order ${order} for ${creator}'s box was cancelled in the store. The application is unchanged: ship the box by hand, or end the application.`,
    link: `/admin/campaigns/${campaignId}`,
  }),
};
