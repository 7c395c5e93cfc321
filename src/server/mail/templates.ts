import { PRODUCT_NAME } from '../../shared/constants';
import { formatUtcInstant, PAYPAL_CHANGE_HOLD_HOURS } from '../../shared/paypal-hold';
import { maskEmails } from '../process/logger';
import type { MailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** Wraps paragraphs in the product's mail layout: plain text and HTML, both naming the product and its address. */
export function layoutMail(
  appUrl: string,
  {
    to,
    subject,
    paragraphs,
    highlight,
    action,
  }: {
    to: string;
    subject: string;
    paragraphs: string[];
    highlight?: string;
    /** A button after the first paragraph (its address is also written out in the plain text). */
    action?: { label: string; url: string };
  },
): MailMessage {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(highlight ? ['', highlight, ''] : []),
    ...(action ? ['', `${action.label}: ${action.url}`, ''] : []),
    ...paragraphs.slice(1),
    '',
    `— ${PRODUCT_NAME}`,
    appUrl,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:700;color:#0f766e;margin:0 0 24px">${PRODUCT_NAME}</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(paragraphs[0] ?? '')}</p>
${highlight ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0;color:#0f172a">${escapeHtml(highlight)}</p>` : ''}
${action ? `<p style="margin:20px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#64748b;word-break:break-all;margin:0 0 16px">${escapeHtml(action.url)}</p>` : ''}
${paragraphs
  .slice(1)
  .map((p) => `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(p)}</p>`)
  .join('\n')}
</div>
<p style="font-size:12px;color:#64748b;margin-top:24px">${PRODUCT_NAME} · <a href="${escapeHtml(appUrl)}" style="color:#0f766e">${escapeHtml(appUrl)}</a></p>
</div></body></html>`;
  return { to, subject, text, html };
}

export function verificationCodeMail(appUrl: string, to: string, code: string): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    paragraphs: [
      `Enter this code to verify your email address on ${PRODUCT_NAME}:`,
      'The code is valid for 10 minutes and can be used once.',
      "If you didn't ask for it, you can ignore this mail.",
    ],
    highlight: code,
  });
}

/** A PayPal email change after onboarding (issue 22), as both notices tell it. */
export interface PaypalChangeNotice {
  previous: string;
  next: string;
  changedAt: Date;
  /** When cash-outs resume (PAYPAL_CHANGE_HOLD_HOURS after the change). */
  holdUntil: Date;
}

/**
 * To the previous PayPal address: what changed and when, and what to do if it was not its owner. The new address is
 * only shown masked (j***@example.com): whoever reads this mailbox learns nothing they could use.
 */
export function paypalEmailChangedMail(appUrl: string, to: string, change: PaypalChangeNotice): MailMessage {
  const until = formatUtcInstant(change.holdUntil);
  return layoutMail(appUrl, {
    to,
    subject: `Your ${PRODUCT_NAME} PayPal email was changed`,
    paragraphs: [
      `This address was the PayPal email of a ${PRODUCT_NAME} creator account. On ${formatUtcInstant(change.changedAt)} it was changed to ${maskEmails(change.next)}: Mint redeemed from now on will be paid there, no longer to this address.`,
      `For your safety, cash-outs from the account are paused until ${until} (${PAYPAL_CHANGE_HOLD_HOURS} hours after the change).`,
      `If this was not you, choose a new password right away (${appUrl}/forgot-password; this signs out every device), put your own PayPal email back on your profile (${appUrl}/profile), and contact us before ${until}.`,
    ],
  });
}

/** The password-reset link (Better Auth keeps the token: 30 minutes, single use). */
export function passwordResetMail(appUrl: string, to: string, link: string): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    paragraphs: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
      'The link works once, for 30 minutes. Setting a new password signs you out everywhere.',
      "If you didn't ask for it, you can ignore this mail: your password stays as it is.",
    ],
    action: { label: 'Choose a new password', url: link },
  });
}

export function passwordChangedMail(appUrl: string, to: string): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    paragraphs: [
      `The password of your ${PRODUCT_NAME} account was just changed, and the other devices signed in to it were signed out.`,
      `If this was not you, choose a new password right away: ${appUrl}/forgot-password`,
    ],
  });
}

/** To the owner, when wrong passwords start making sign-in wait. */
export function repeatedSignInFailuresMail(appUrl: string, to: string, failures: number): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Failed sign-in attempts on your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Someone entered a wrong password for your ${PRODUCT_NAME} account ${failures} times in a row, so signing in with a password now waits a little between tries.`,
      `If this was you, wait a minute and try again, or choose a new password: ${appUrl}/forgot-password`,
      'If it was not you, nobody got in. To be safe, choose a new password, and never reuse it on another site.',
    ],
  });
}

/** To the owner of an address someone tried to sign up with again (the sign-up answer itself reveals nothing). */
export function existingAccountSignUpMail(appUrl: string, to: string): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `You already have a ${PRODUCT_NAME} account`,
    paragraphs: [
      `Someone, maybe you, tried to create a ${PRODUCT_NAME} account with this email address. You already have one, so nothing was changed.`,
      `Sign in: ${appUrl}/signin`,
      `Forgot your password? Choose a new one: ${appUrl}/forgot-password`,
      "If it wasn't you, you can ignore this mail.",
    ],
  });
}

/** Lifecycle notices to the creator (READINGS: each step notifies the creator by email). */
export type LifecycleNotice =
  | { kind: 'accepted'; campaign: string; message?: string | null }
  | { kind: 'rejected'; campaign: string; message?: string | null }
  | { kind: 'shipped'; campaign: string; carrier: string; trackingNumber: string }
  | { kind: 'changes_requested'; campaign: string; message: string }
  | { kind: 'approved'; campaign: string; reward: number }
  | { kind: 'reminder'; campaign: string; uploadDeadline: string }
  | { kind: 'missed'; campaign: string };

export function lifecycleMail(appUrl: string, to: string, notice: LifecycleNotice): MailMessage {
  const dashboard = `${appUrl}/dashboard`;
  switch (notice.kind) {
    case 'accepted':
      return layoutMail(appUrl, {
        to,
        subject: `You're in: ${notice.campaign}`,
        paragraphs: [
          `Good news: your application to ${notice.campaign} was accepted.`,
          ...(notice.message ? [`Message from the brand: ${notice.message}`] : []),
          `Follow the next steps on your dashboard: ${dashboard}`,
        ],
      });
    case 'rejected':
      return layoutMail(appUrl, {
        to,
        subject: `About your application to ${notice.campaign}`,
        paragraphs: [
          `Thank you for applying to ${notice.campaign}. The brand did not select you for this campaign.`,
          ...(notice.message ? [`Message from the brand: ${notice.message}`] : []),
          `New campaigns arrive every week: ${appUrl}/main`,
        ],
      });
    case 'shipped':
      return layoutMail(appUrl, {
        to,
        subject: `Your PR box for ${notice.campaign} has shipped`,
        paragraphs: [
          `Your PR box for ${notice.campaign} is on its way.`,
          `Carrier: ${notice.carrier}. Tracking number: ${notice.trackingNumber}.`,
          `Confirm delivery on your dashboard when it arrives: ${dashboard}`,
        ],
      });
    case 'changes_requested':
      return layoutMail(appUrl, {
        to,
        subject: `Changes requested for ${notice.campaign}`,
        paragraphs: [
          `The brand reviewed your content for ${notice.campaign} and asks for changes:`,
          notice.message,
          `Submit the updated link on your dashboard: ${dashboard}`,
        ],
      });
    case 'approved':
      return layoutMail(appUrl, {
        to,
        subject: `Content approved: ${notice.reward} Mint credited`,
        paragraphs: [
          `Your content for ${notice.campaign} was approved.`,
          notice.reward > 0
            ? `${notice.reward} Mint (${notice.reward} USD) was credited to your balance.`
            : 'Thank you for taking part.',
          `See your balance: ${dashboard}`,
        ],
      });
    case 'reminder':
      return layoutMail(appUrl, {
        to,
        subject: `Reminder: your content for ${notice.campaign} is due soon`,
        paragraphs: [
          `Your content for ${notice.campaign} is due by the end of ${notice.uploadDeadline} (UTC).`,
          `Submit your post link on your dashboard: ${dashboard}`,
        ],
      });
    case 'missed':
      return layoutMail(appUrl, {
        to,
        subject: `Upload deadline passed: ${notice.campaign}`,
        paragraphs: [
          `The upload deadline for ${notice.campaign} has passed without approved content, so this collaboration is closed.`,
          `Find your next campaign: ${appUrl}/main`,
        ],
      });
  }
}
