import type { Database } from '../../db/client';
import { passwordChangedMail, passwordResetMail } from '../mail/templates';
import { consumeRateLimit } from './app-rate-limits';
import { forgivePasswordAttempts, passwordSubject } from './password-attempts';
import type { ServiceContext } from './service-context';

/**
 * 'Forgot password?': Better Auth keeps the token (30 minutes, single use, one answer whether or not the address has
 * an account); this module decides who gets a mail, what it says, and what happens after a reset.
 */
export const RESET_LINK_MINUTES = 30;
/** Links mailed to one address per hour; past that the answer stays the same and no mail goes out. */
export const RESETS_PER_ADDRESS_HOUR = 3;
/** Reset requests per client address per hour (429 past that). */
export const RESETS_PER_IP_HOUR = 10;

/** What a reset mail reaches: part of the service context (Better Auth's hooks have this part). */
export type ResetDeps = Pick<ServiceContext, 'db' | 'mailer' | 'appUrl' | 'logger' | 'now'>;

/** The page the mail links to; admins come back to /admin afterwards. */
export function resetLink(appUrl: string, token: string, role: string | undefined): string {
  const link = new URL('/reset-password', appUrl);
  link.searchParams.set('token', token);
  if (role === 'admin') link.searchParams.set('to', 'admin');
  return link.href;
}

/** Counts one reset request from a client address (any address it typed); not allowed past the hourly budget. */
export function countResetRequest(db: Database, clientIp: string, now: Date) {
  return consumeRateLimit(db, `reset-ip|${clientIp}`, { window: 3600, max: RESETS_PER_IP_HOUR }, now);
}

export const TOO_MANY_RESETS_MESSAGE = 'Too many password reset requests. Please try again in an hour.';

/**
 * Mails the reset link, at most RESETS_PER_ADDRESS_HOUR times an hour per address. Sending happens in the
 * background: the answer comes as fast for a real address as for an unknown one.
 */
export async function mailResetLink(
  { db, mailer, appUrl, logger, now }: ResetDeps,
  user: { email: string; role?: string | undefined },
  token: string,
): Promise<void> {
  const address = user.email.toLowerCase();
  const { allowed } = await consumeRateLimit(
    db,
    `reset-email|${address}`,
    { window: 3600, max: RESETS_PER_ADDRESS_HOUR },
    now(),
  );
  if (!allowed) return;
  void mailer
    .send(passwordResetMail(appUrl, address, resetLink(appUrl, token, user.role)))
    .catch((error: unknown) => logger.error({ err: error }, 'could not send a password reset mail'));
}

/**
 * After a reset or a change (Better Auth has set the password and ended the other sessions): earlier failures no
 * longer count, and the owner is told, in case it was not them.
 */
export async function afterPasswordChange(
  { db, mailer, appUrl, logger }: ResetDeps,
  email: string,
): Promise<void> {
  await forgivePasswordAttempts(db, passwordSubject(email));
  void mailer
    .send(passwordChangedMail(appUrl, email))
    .catch((error: unknown) => logger.error({ err: error }, 'could not send a password changed mail'));
}
