import type { Mailer, MailMessage } from '../../src/server/mail/mailer';

/** A mailer that keeps what it sends, for API tests (browser journeys use a real local SMTP server). */
export function captureMailer(): Mailer & { sent: MailMessage[]; lastCodeFor(to: string): string } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    lastCodeFor(to) {
      const mail = [...sent].reverse().find((m) => m.to === to.toLowerCase());
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was mailed to ${to}`);
      return code;
    },
  };
}
