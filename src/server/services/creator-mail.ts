import { mailOptOutsForAddress, mailOptOutsOf, setMailOptOuts } from '../../db/queries/mail-preferences';
import {
  type CreatorMailCategory,
  type CreatorMailPreferences,
  optOutsFromPreferences,
  preferencesFromOptOuts,
} from '../../shared/mail-preferences';
import type { MailMessage } from '../mail/mailer';
import type { ServiceContext } from './service-context';

/** What a creator mail reaches: part of the service context (any ServiceContext or AtInstant is one). */
export type CreatorMailContext = Pick<ServiceContext, 'db' | 'mailer' | 'logger'>;

/**
 * The one way a creator mail of a category they may switch off is sent (issue 13): after the change is committed, only
 * when the creator has not switched the category off. A failure is logged and never undoes the change. Account and
 * money mails (codes, password, email and PayPal changes, payouts, moderation, a changed shipping address) do not
 * come through here: they are always sent.
 * Returns whether the mail was sent.
 */
export async function sendCreatorMail(
  ctx: CreatorMailContext,
  category: CreatorMailCategory,
  message: MailMessage,
  kind: string,
): Promise<boolean> {
  try {
    const optOuts = await mailOptOutsForAddress(ctx.db, message.to);
    if (optOuts.includes(category)) {
      ctx.logger.debug({ kind, category }, 'creator mail not sent: switched off by the creator');
      return false;
    }
    await ctx.mailer.send(message);
    return true;
  } catch (error) {
    ctx.logger.error({ err: error, kind, category }, 'could not send a creator mail');
    return false;
  }
}

/** The creator's mail preferences, from their record as the request read it (no second read, issue 28). */
export function mailPreferencesOf(creator: { mailOptOuts: readonly string[] }): CreatorMailPreferences {
  return preferencesFromOptOuts(creator.mailOptOuts);
}

/** Saves the creator's mail preferences and answers them as stored. */
export async function saveMailPreferences(
  { db }: ServiceContext,
  creatorId: number,
  preferences: CreatorMailPreferences,
): Promise<CreatorMailPreferences> {
  await setMailOptOuts(db, creatorId, optOutsFromPreferences(preferences));
  return preferencesFromOptOuts(await mailOptOutsOf(db, creatorId));
}
