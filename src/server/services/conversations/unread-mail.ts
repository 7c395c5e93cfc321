import { claimUnreadMail, unreadTeamMessagesDue } from '../../../db/queries/conversation-notices';
import { teamSignature } from '../../../shared/schemas/conversations';
import { unreadMessageMail } from '../../mail/creator-templates';
import { sendCreatorMail } from '../creator-mail';
import { atInstant, type ServiceContext } from '../service-context';
import { conversationLink } from './context';

/** A team message unread this long brings the creator a mail. */
export const UNREAD_MAIL_AFTER_MS = 10 * 60_000;
/** At most one such mail per conversation in this time. */
export const UNREAD_MAIL_EVERY_MS = 60 * 60_000;

const clip = (text: string, length: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

/**
 * Issue 26: mails each creator who has left a message from the team unread for 10 minutes (one mail per
 * conversation per hour at most; a creator who switched "Messages from brands" off gets none). Safe to run any
 * number of times and on several instances: each mail is claimed first by a conditional update of the
 * conversation's `last_mailed_at`.
 */
export async function mailUnreadMessages(
  services: ServiceContext,
): Promise<{ sent: number; skipped: number }> {
  const ctx = atInstant(services);
  const window = {
    unreadBefore: new Date(ctx.now.getTime() - UNREAD_MAIL_AFTER_MS),
    mailedBefore: new Date(ctx.now.getTime() - UNREAD_MAIL_EVERY_MS),
  };
  const due = await unreadTeamMessagesDue(ctx.db, window);
  let sent = 0;
  let skipped = 0;
  for (const row of due) {
    // Claimed even when the creator switched these mails off: the next run does not ask again for an hour.
    if (!(await claimUnreadMail(ctx.db, row.id, { now: ctx.now, mailedBefore: window.mailedBefore })))
      continue;
    const text = row.preview || (row.images === 1 ? 'An image' : `${row.images} images`);
    const mailed = await sendCreatorMail(
      ctx,
      'messages',
      unreadMessageMail(ctx.appUrl, row.email, {
        campaign: row.campaign,
        brand: row.brand,
        unread: row.unread,
        preview: `${teamSignature(row.brand, row.author)}: ${clip(text, 500)}`,
        link: conversationLink(row.applicationId),
      }),
      'conversation.unread',
    );
    if (mailed) sent += 1;
    else skipped += 1;
  }
  return { sent, skipped };
}
