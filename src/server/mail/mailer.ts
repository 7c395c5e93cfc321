import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Env } from '../../config/env';
import type { Logger } from '../process/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Nodemailer = typeof import('nodemailer')['default'];

/** nodemailer's transport, made by the first mail: a start loads no mail library (decision 0084). */
function lazyTransport(make: (nodemailer: Nodemailer) => Transporter): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => {
    made ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer));
    return made;
  };
}

/**
 * Sends mail over SMTP_URL. Without one (development), each mail is printed to the log and saved as a .eml file
 * in DATA_DIR/outbox, so a developer can read the verification code.
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  const { smtpUrl } = env;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({ from: env.mailFrom, ...message });
        // The address is masked by the logger; codes in subjects are not logged.
        logger.info(
          { to: message.to, subject: message.subject.replace(/\b\d{6}\b/g, '······') },
          'mail sent',
        );
      },
    };
  }
  const outbox = path.join(env.dataDir, 'outbox');
  const stream = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await stream()).sendMail({ from: env.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: message.to, subject: message.subject, file, text: message.text },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
  };
}
