import type { MailMessage } from '../../mail/mailer';
import { layoutMail } from '../../mail/templates';
import type { Notice } from '../notifications';

const CAMPAIGNS = '/dashboard?tab=campaigns';
const day = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What a creator is told when the carrier reports their box (issue 38): a notification and its mail. */
export type CarrierNotice =
  | { kind: 'delivered'; campaign: string; at: Date }
  | { kind: 'pickup'; campaign: string; words: string }
  | { kind: 'problem'; campaign: string; words: string };

export function carrierNotification(notice: CarrierNotice): Notice {
  switch (notice.kind) {
    case 'delivered':
      return {
        kind: 'box_delivered',
        title: `Your PR box was delivered: ${notice.campaign}`,
        body: `The carrier delivered your PR box on ${day(notice.at)}. Your upload deadline counts from that day.`,
        link: CAMPAIGNS,
      };
    case 'pickup':
      return {
        kind: 'box_pickup_ready',
        title: `Your PR box is ready for pickup: ${notice.campaign}`,
        body: `The carrier says: "${notice.words}"`,
        link: CAMPAIGNS,
      };
    case 'problem':
      return {
        kind: 'box_carrier_problem',
        title: `A problem with your PR box: ${notice.campaign}`,
        body: `The carrier says: "${notice.words}" The brand has been told; your upload deadline is paused.`,
        link: CAMPAIGNS,
      };
  }
}

export function carrierMail(appUrl: string, to: string, notice: CarrierNotice): MailMessage {
  const dashboard = `${appUrl}/dashboard`;
  const { title, body } = carrierNotification(notice);
  return layoutMail(appUrl, {
    to,
    subject: title,
    paragraphs: [body, `See your box on your dashboard: ${dashboard}`],
  });
}

/** What every admin is told when the carrier's report opens a delivery problem. */
export function carrierProblemAdminNotice(campaign: string, creator: string, words: string): Notice {
  return {
    kind: 'new_delivery_problem',
    title: `Delivery problem: ${campaign}`,
    body: `The carrier reported for ${creator}'s box: "${words}"`,
    link: '/admin/problems',
  };
}
