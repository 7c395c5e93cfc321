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
