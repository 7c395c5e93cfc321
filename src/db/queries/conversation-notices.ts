import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { campaigns } from '../schema/campaigns';
import {
  conversationAttachments,
  conversationMessages,
  conversationReads,
  conversations,
} from '../schema/conversations';
import { creators } from '../schema/creators';
import { notifications } from '../schema/notifications';
import { markNotificationsRead } from './notifications';

/**
 * A creator's one unread "new message" notification per conversation: updated with the newest message while it is
 * unread (the bell counts the conversation once), a new one once they read the last.
 */
export async function upsertConversationNotification(
  db: DatabaseOrTransaction,
  row: { userId: string; title: string; body: string; link: string; createdAt: Date },
) {
  const [open] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, row.userId),
        eq(notifications.kind, 'conversation_message'),
        eq(notifications.link, row.link),
        isNull(notifications.readAt),
      ),
    )
    .limit(1);
  if (open) {
    await db
      .update(notifications)
      .set({ title: row.title, body: row.body, createdAt: row.createdAt })
      .where(eq(notifications.id, open.id));
    return;
  }
  await db.insert(notifications).values({ ...row, kind: 'conversation_message' });
}

/** Marks the reader's "new message" notifications of a conversation read (they read the thread). */
export async function readConversationNotifications(
  db: DatabaseOrTransaction,
  userId: string,
  link: string,
  now: Date,
) {
  await markNotificationsRead(db, userId, { conversationLink: link }, now);
}

/**
 * Issue 26: conversations whose creator has a visible team message written before `unreadBefore` (10 minutes ago),
 * still unread, and not mailed about yet (written after the conversation's last mail), when the last mail was sent
 * before `mailedBefore` (an hour ago) or never. With the number unread and the newest one's text.
 */
export async function unreadTeamMessagesDue(
  db: DatabaseOrTransaction,
  { unreadBefore, mailedBefore }: { unreadBefore: Date; mailedBefore: Date },
  limit = 200,
) {
  type DueRow = {
    id: number;
    application_id: number;
    campaign: string;
    brand: string;
    email: string;
    unread: number;
    preview: string;
    author: string;
    images: number;
  };
  const result = await db.execute(sql`
    with due as (
      select c.id, count(m.id)::int as unread, max(m.id) as newest
      from ${conversations} c
      join ${creators} i on i.id = c.influencer_id
      join ${conversationMessages} m
        on m.conversation_id = c.id and m.author_role = 'team' and m.hidden_at is null
      left join ${conversationReads} r on r.conversation_id = c.id and r.user_id = i.auth_user_id
      where i.auth_user_id is not null
        and m.id > coalesce(r.last_read_message_id, 0)
        and (c.last_mailed_at is null or c.last_mailed_at <= ${mailedBefore.toISOString()}::timestamptz)
      group by c.id
      having bool_or(
        m.created_at <= ${unreadBefore.toISOString()}::timestamptz
          and (c.last_mailed_at is null or m.created_at > c.last_mailed_at)
      )
      order by c.id
      limit ${limit}
    )
    select c.id, c.application_id, camp.name as campaign, camp.brand, i.email, due.unread,
      m.body as preview, m.author_name as author,
      (select count(*)::int from ${conversationAttachments} a where a.message_id = m.id) as images
    from due
    join ${conversations} c on c.id = due.id
    join ${campaigns} camp on camp.id = c.campaign_id
    join ${creators} i on i.id = c.influencer_id
    join ${conversationMessages} m on m.id = due.newest
    order by c.id
  `);
  return (result as unknown as { rows: DueRow[] }).rows.map((r) => ({
    id: Number(r.id),
    applicationId: Number(r.application_id),
    campaign: r.campaign,
    brand: r.brand,
    email: r.email,
    unread: Number(r.unread),
    preview: r.preview,
    author: r.author,
    images: Number(r.images),
  }));
}

/** Claims the mail of a conversation (safe with several workers): false when another run mailed it since. */
export async function claimUnreadMail(
  db: DatabaseOrTransaction,
  conversationId: number,
  { now, mailedBefore }: { now: Date; mailedBefore: Date },
): Promise<boolean> {
  const claimed = await db
    .update(conversations)
    .set({ lastMailedAt: now })
    .where(
      and(
        eq(conversations.id, conversationId),
        or(isNull(conversations.lastMailedAt), lte(conversations.lastMailedAt, mailedBefore)),
      ),
    )
    .returning({ id: conversations.id });
  return claimed.length > 0;
}
