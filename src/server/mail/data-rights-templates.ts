import { ANONYMISE_AFTER_DAYS, DATA_EXPORT_LINK_HOURS } from '../../shared/schemas/data-rights';
import type { MailMessage } from './mailer';
import { layoutMail } from './templates';

/** Issue 27: the creator's data download is ready (the link works once, for 24 hours, for them signed in). */
export function dataExportReadyMail(appUrl: string, to: string, token: string): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: 'Your Mintbox data download is ready',
    paragraphs: [
      'The file with everything we hold about you is ready to download.',
      `The link works once, for ${DATA_EXPORT_LINK_HOURS} hours, and only while you are signed in to your Mintbox account. After that, request a new download from your profile.`,
      'If you did not ask for this, change your password and reply to this mail.',
    ],
    action: { label: 'Download my data', url: `${appUrl}/data-export/${token}` },
  });
}

/** Issue 27: the account was closed (sent to the address it had, at once). */
export function accountClosedMail(
  appUrl: string,
  to: string,
  { mintGivenUp, anonymiseOn }: { mintGivenUp: number; anonymiseOn: string },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: 'Your Mintbox account is closed',
    paragraphs: [
      'Your Mintbox account is closed: you have been signed out everywhere and can no longer sign in.',
      mintGivenUp > 0
        ? `You gave up your balance of ${mintGivenUp} Mint; it is recorded in your ledger.`
        : 'You had no Mint balance to give up.',
      `On ${anonymiseOn} (${ANONYMISE_AFTER_DAYS} days from now) we remove your name, email, social handles, address, phone, tokens and uploaded files. Payout and tax records the law requires us to keep stay, under an anonymous id.`,
      'If you did not close your account, reply to this mail at once.',
    ],
  });
}
