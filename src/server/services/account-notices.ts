import { existingAccountSignUpMail } from '../mail/templates';
import { consumeRateLimit } from './app-rate-limits';
import type { ServiceContext } from './service-context';

/** Mails to an address per hour about sign-ups with it (so nobody can flood an owner's inbox through the form). */
export const SIGN_UP_NOTICES_PER_HOUR = 3;

/**
 * Someone signed up with an address that already has an account: the owner hears of it (the sign-up answer said
 * nothing), at most SIGN_UP_NOTICES_PER_HOUR times an hour. Sent in the background.
 */
export async function noticeSignUpWithExistingAddress(
  { db, mailer, appUrl, logger, now }: Pick<ServiceContext, 'db' | 'mailer' | 'appUrl' | 'logger' | 'now'>,
  email: string,
): Promise<void> {
  const address = email.toLowerCase();
  const { allowed } = await consumeRateLimit(
    db,
    `sign-up-notice|${address}`,
    { window: 3600, max: SIGN_UP_NOTICES_PER_HOUR },
    now(),
  );
  if (!allowed) return;
  void mailer
    .send(existingAccountSignUpMail(appUrl, address))
    .catch((error: unknown) => logger.error({ err: error }, 'could not tell an owner about a sign-up'));
}
