import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodeMail } from '../../src/server/mail/templates';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

describe('local SMTP server for browser journeys', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('receives mail from nodemailer over SMTP_URL and reads the code from the body', async () => {
    const transport = nodemailer.createTransport(smtp.url);
    const waiting = smtp.waitForMail('Ana@Example.com');
    await transport.sendMail({
      from: 'Mintbox <no-reply@localhost>',
      ...verificationCodeMail('http://localhost:3000', 'ana@example.com', '042917'),
    });
    const mail = await waiting;
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.subject).toBe('Your Mintbox verification code: 042917');
    expect(mail.code).toBe('042917');
    expect(mail.text).toContain('The code is valid for 10 minutes');

    await transport.sendMail({
      from: 'no-reply@localhost',
      to: 'ana@example.com',
      subject: 'Ünïcode',
      text: `${'é'.repeat(100)}\n\nYour code: 123456`,
    });
    const second = await smtp.waitForMail('ana@example.com');
    expect(second.subject).toBe('Ünïcode');
    expect(second.code).toBe('123456');
    await expect(smtp.waitForMail('ana@example.com', { timeoutMs: 200 })).rejects.toThrow('no mail');
  });
});
