import { PRODUCT_NAME } from '../../shared/constants';
import { formatIsoDate } from '../../shared/dates';
import { formatUtcInstant, PAYPAL_CHANGE_HOLD_HOURS } from '../../shared/paypal-hold';
import { TAX_FORM_PATH, TAX_HOLD_MESSAGE } from '../../shared/tax';
import type { MailMessage } from './mailer';
import { layoutMail, type PaypalChangeNotice } from './templates';

const mint = (amount: number) => `${amount.toLocaleString('en-US')} Mint`;
const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Mails about a creator's payouts (issue 9: requested, paid, failed or returned). */
export type PayoutNotice =
  | {
      kind: 'requested';
      payoutId: number;
      amount: number;
      paypalEmail: string;
      expectedBy: string;
      /** Held until a tax form is on file (issue 27): no paid-by date is promised. */
      heldForTaxForm?: boolean;
    }
  | { kind: 'paid'; payoutId: number; amount: number; paypalEmail: string; reference: string | null }
  | {
      kind: 'failed' | 'returned';
      payoutId: number;
      amount: number;
      paypalEmail: string;
      reason: string;
      balance: number;
    };

export function payoutMail(appUrl: string, to: string, notice: PayoutNotice): MailMessage {
  const wallet = `${appUrl}/dashboard?tab=wallet`;
  switch (notice.kind) {
    case 'requested':
      return layoutMail(appUrl, {
        to,
        subject: `Redemption requested: ${mint(notice.amount)} to PayPal`,
        paragraphs: [
          `We received your request to redeem ${mint(notice.amount)} (${usd(notice.amount)}) to your PayPal account ${notice.paypalEmail}.`,
          ...(notice.heldForTaxForm
            ? [TAX_HOLD_MESSAGE, `File your tax form on your profile: ${appUrl}${TAX_FORM_PATH}`]
            : [
                `Requests are processed within 5-7 business days: expect the money by ${formatIsoDate(notice.expectedBy)}.`,
              ]),
          `You can follow it, or cancel it until we start processing it, in your wallet: ${wallet}`,
        ],
      });
    case 'paid':
      return layoutMail(appUrl, {
        to,
        subject: `Paid: ${usd(notice.amount)} sent to your PayPal`,
        paragraphs: [
          `Your redemption of ${mint(notice.amount)} was paid: ${usd(notice.amount)} went to your PayPal account ${notice.paypalEmail}.`,
          notice.reference
            ? `PayPal transaction id: ${notice.reference}`
            : 'It should show in your PayPal activity shortly.',
          `Your wallet: ${wallet}`,
        ],
      });
    case 'failed':
    case 'returned':
      return layoutMail(appUrl, {
        to,
        subject:
          notice.kind === 'returned'
            ? `Payout returned: ${mint(notice.amount)} are back in your wallet`
            : `Payout failed: ${mint(notice.amount)} are back in your wallet`,
        paragraphs: [
          notice.kind === 'returned'
            ? `Your payout of ${usd(notice.amount)} to ${notice.paypalEmail} came back from PayPal.`
            : `Your payout of ${usd(notice.amount)} to ${notice.paypalEmail} could not be paid.`,
          `Reason: ${notice.reason}`,
          `The ${mint(notice.amount)} are back in your ${PRODUCT_NAME} wallet (available now: ${mint(notice.balance)}). Check your PayPal email in your profile, then redeem again: ${wallet}`,
        ],
      });
  }
}

/** Told to the account's verified email when the PayPal email changes (the previous PayPal address is told too). */
export function paypalChangedAccountMail(
  appUrl: string,
  to: string,
  change: PaypalChangeNotice,
): MailMessage {
  const until = formatUtcInstant(change.holdUntil);
  return layoutMail(appUrl, {
    to,
    subject: `Your ${PRODUCT_NAME} PayPal email was changed`,
    paragraphs: [
      `On ${formatUtcInstant(change.changedAt)} the PayPal email on your ${PRODUCT_NAME} profile was changed from ${change.previous} to ${change.next}. Redeemed Mint will be paid there.`,
      `For your safety, cash-outs are paused until ${until} (${PAYPAL_CHANGE_HOLD_HOURS} hours after the change).`,
      `If this was not you, choose a new password right away (${appUrl}/forgot-password; this signs out every device), put your own PayPal email back on your profile (${appUrl}/profile), and contact us before ${until}.`,
    ],
  });
}

/** Told to the previous address when the verified email of an account changes. */
export function emailChangedMail(appUrl: string, to: string, newAddress: string): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    paragraphs: [
      `The email address of your ${PRODUCT_NAME} account was changed to ${newAddress}. Mails about your campaigns and payouts will go there.`,
      'If this was not you, contact us right away.',
    ],
  });
}
