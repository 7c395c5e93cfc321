import type { ModerationAction } from '../../shared/moderation';
import type { MailMessage } from './mailer';
import { layoutMail } from './templates';

/** Issue 13: what a creator is told when an admin suspends, bans or lifts their account. */
export function moderationMail(
  appUrl: string,
  to: string,
  { action, reason }: { action: ModerationAction; reason: string },
): MailMessage {
  switch (action) {
    case 'suspend':
      return layoutMail(appUrl, {
        to,
        subject: 'Your Mintbox account is suspended',
        paragraphs: [
          'We have suspended your account: you cannot apply to new campaigns until the suspension is lifted.',
          `Reason: ${reason}`,
          'Campaigns you are already part of go on as before: ship, post and get paid as usual. Reply to this mail if you think this is a mistake.',
        ],
      });
    case 'ban':
      return layoutMail(appUrl, {
        to,
        subject: 'Your Mintbox account is banned',
        paragraphs: [
          'We have banned your account: you have been signed out and can no longer sign in or apply to campaigns.',
          `Reason: ${reason}`,
          'Payouts you requested are held while we review the account. Reply to this mail if you think this is a mistake.',
        ],
      });
    case 'restore':
      return layoutMail(appUrl, {
        to,
        subject: 'Your Mintbox account is active again',
        paragraphs: [
          'Good news: the restriction on your account was lifted. You can sign in and apply to campaigns again.',
          `Note from our team: ${reason}`,
          `Find your next campaign: ${appUrl}/main`,
        ],
      });
  }
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
