import type { DeliveryProblem } from '../../shared/lifecycle/delivery-problems';
import type { ModerationAction } from '../../shared/moderation';
import type { MailMessage } from './mailer';
import { layoutMail } from './templates';

/** Issue 13: each moderation mail's subject, what happened, the label of the admin's reason and what comes next. */
const MODERATION_WORDS: Record<
  ModerationAction,
  { subject: string; happened: string; reasonLabel: string; next: (appUrl: string) => string }
> = {
  suspend: {
    subject: 'Your Mintbox account is suspended',
    happened:
      'We have suspended your account: you cannot apply to new campaigns until the suspension is lifted.',
    reasonLabel: 'Reason',
    next: () =>
      'Campaigns you are already part of go on as before: ship, post and get paid as usual. Reply to this mail if you think this is a mistake.',
  },
  ban: {
    subject: 'Your Mintbox account is banned',
    happened:
      'We have banned your account: you have been signed out and can no longer sign in or apply to campaigns.',
    reasonLabel: 'Reason',
    next: () =>
      'Payouts you requested are held while we review the account. Reply to this mail if you think this is a mistake.',
  },
  restore: {
    subject: 'Your Mintbox account is active again',
    happened:
      'Good news: the restriction on your account was lifted. You can sign in and apply to campaigns again.',
    reasonLabel: 'Note from our team',
    next: (appUrl) => `Find your next campaign: ${appUrl}/main`,
  },
};

/** Issue 13: what a creator is told when an admin suspends, bans or lifts their account. */
export function moderationMail(
  appUrl: string,
  to: string,
  { action, reason }: { action: ModerationAction; reason: string },
): MailMessage {
  const words = MODERATION_WORDS[action];
  return layoutMail(appUrl, {
    to,
    subject: words.subject,
    paragraphs: [words.happened, `${words.reasonLabel}: ${reason}`, words.next(appUrl)],
  });
}

/** The admin changed where this campaign's PR box goes. */
export function shippingAddressChangedMail(
  appUrl: string,
  to: string,
  { campaign, address, reason }: { campaign: string; address: string; reason?: string | undefined },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `New shipping address for your ${campaign} PR box`,
    paragraphs: [
      `We updated where your PR box for ${campaign} will be shipped:`,
      address,
      ...(reason ? [`Why: ${reason}`] : []),
      `If this is not right, reply to this mail before the box ships. Your dashboard: ${appUrl}/dashboard`,
    ],
  });
}

const PROBLEM_WORDS: Record<DeliveryProblem, string> = {
  not_received: 'your PR box not arriving',
  damaged: 'your PR box arriving damaged',
  wrong_item: 'the wrong item in your PR box',
};

/** The brand answered a delivery problem the creator reported. */
export function problemReplyMail(
  appUrl: string,
  to: string,
  { campaign, kind, message }: { campaign: string; kind: DeliveryProblem; message: string },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Reply about your ${campaign} PR box`,
    paragraphs: [
      `The ${campaign} team replied to your report about ${PROBLEM_WORDS[kind]}:`,
      message,
      `While the problem is open, your upload deadline does not run out. See it on your dashboard: ${appUrl}/dashboard`,
    ],
  });
}

/** The brand sent a new box after a problem. */
export function problemReshippedMail(
  appUrl: string,
  to: string,
  {
    campaign,
    carrier,
    trackingNumber,
    tracking,
    message,
  }: {
    campaign: string;
    carrier: string;
    trackingNumber: string;
    tracking: string | null;
    message?: string | undefined;
  },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `A new PR box for ${campaign} is on its way`,
    paragraphs: [
      `We shipped you a new PR box for ${campaign}.`,
      `Carrier: ${carrier}. Tracking number: ${trackingNumber}.${tracking ? ` Track it: ${tracking}` : ''}`,
      ...(message ? [`Message from the brand: ${message}`] : []),
      `Your upload deadline moves with the new delivery. Confirm delivery on your dashboard when it arrives: ${appUrl}/dashboard`,
    ],
  });
}

/** The brand closed a delivery problem. */
export function problemResolvedMail(
  appUrl: string,
  to: string,
  { campaign, kind, message }: { campaign: string; kind: DeliveryProblem; message?: string | undefined },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Your ${campaign} delivery problem is resolved`,
    paragraphs: [
      `The ${campaign} team marked your report about ${PROBLEM_WORDS[kind]} as resolved.`,
      ...(message ? [`Message from the brand: ${message}`] : []),
      `Your upload deadline, with the time the problem stayed open added, is on your dashboard: ${appUrl}/dashboard`,
    ],
  });
}

/** Issue 26: a message from the campaign team has waited unread for 10 minutes. */
export function unreadMessageMail(
  appUrl: string,
  to: string,
  {
    campaign,
    brand,
    unread,
    preview,
    link,
  }: { campaign: string; brand: string; unread: number; preview: string; link: string },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject:
      unread === 1 ? `New message from ${brand} about ${campaign}` : `${unread} new messages from ${brand}`,
    paragraphs: [
      unread === 1
        ? `The ${brand} team wrote to you about ${campaign}:`
        : `The ${brand} team wrote to you ${unread} times about ${campaign}. The latest:`,
      preview,
      `Read and reply: ${appUrl}${link}`,
      'You can switch these mails off under Mail preferences on your profile.',
    ],
  });
}

/** Issue 37: the option the creator chose ran out; the link opens the dashboard's Change my choice dialog. */
export function choiceRequestMail(
  appUrl: string,
  to: string,
  { campaign, soldOut, applicationId }: { campaign: string; soldOut: string; applicationId: number },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Choose another option for ${campaign}`,
    paragraphs: [
      `${soldOut} ran out before the brand could accept your application to ${campaign}.`,
      'Choose another option and the brand can accept you. Your application stays as it is until then.',
    ],
    action: {
      label: 'Choose another option',
      url: `${appUrl}/dashboard?tab=campaigns&choose=${applicationId}`,
    },
  });
}
