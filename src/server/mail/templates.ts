import { PRODUCT_NAME } from '../../shared/constants';
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
  }: { to: string; subject: string; paragraphs: string[]; highlight?: string },
): MailMessage {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(highlight ? ['', highlight, ''] : []),
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
${paragraphs
  .slice(1)
  .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
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

export function paypalEmailChangedMail(appUrl: string, to: string, newAddress: string): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `Your ${PRODUCT_NAME} PayPal email was changed`,
    paragraphs: [
      `The PayPal email on your ${PRODUCT_NAME} profile was changed to ${newAddress}. Future Mint redemptions will be paid there.`,
      'If this was not you, sign in and change your password, then contact us right away.',
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
