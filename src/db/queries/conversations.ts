import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { PageCursor } from '../../shared/page-cursor';
import type { ConversationAuthorRole, InboxFilter } from '../../shared/schemas/conversations';
import type { DatabaseOrTransaction } from '../client';
import { applications, submissions } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import {
  campaignConversationCounts,
  conversationAttachments,
  conversationMessages,
  conversationReads,
  conversations,
  savedReplies,
} from '../schema/conversations';
import { influencers } from '../schema/influencers';
import { notifications } from '../schema/notifications';
import { keyset, keysetPage } from './keyset';

/** Who reads: a creator sees only their own conversations (ownership in the WHERE), an admin sees every one. */
export type ConversationScope = { influencerId: number } | { admin: true };

const scopeOf = (scope: ConversationScope) =>
  'influencerId' in scope ? eq(conversations.influencerId, scope.influencerId) : undefined;

const conversationColumns = {
  conversation: conversations,
  campaign: {
    id: campaigns.id,
    name: campaigns.name,
    brand: campaigns.brand,
    status: campaigns.status,
    deadline: campaigns.deadline,
    updatedAt: campaigns.updatedAt,
  },
  creator: {
    id: influencers.id,
    name: influencers.name,
    email: influencers.email,
    standing: influencers.standing,
    authUserId: influencers.authUserId,
    mailOptOuts: influencers.mailOptOuts,
  },
};

/** A conversation the scope may read, with its campaign and creator; `lock` takes the row for a write. */
export async function findConversation(
  db: DatabaseOrTransaction,
  id: number,
  scope: ConversationScope,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .innerJoin(influencers, eq(influencers.id, conversations.influencerId))
    .where(and(eq(conversations.id, id), scopeOf(scope)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: conversations }) : await query;
  return row ?? null;
}
export type FoundConversation = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** An application the scope may open a conversation for (a creator: only their own). */
export async function findApplicationForConversation(
  db: DatabaseOrTransaction,
  applicationId: number,
  scope: ConversationScope,
) {
  const [row] = await db
    .select({
      id: applications.id,
      influencerId: applications.influencerId,
      campaignId: applications.campaignId,
    })
    .from(applications)
    .where(
      and(
        eq(applications.id, applicationId),
        'influencerId' in scope ? eq(applications.influencerId, scope.influencerId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The conversation of an application, made on first use (two openers at once get the same one). */
export async function ensureConversation(
  db: DatabaseOrTransaction,
  application: { id: number; influencerId: number; campaignId: number },
  now: Date,
): Promise<number> {
  await db
    .insert(conversations)
    .values({
      applicationId: application.id,
      influencerId: application.influencerId,
      campaignId: application.campaignId,
      createdAt: now,
    })
    .onConflictDoNothing({ target: conversations.applicationId });
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.applicationId, application.id));
  return row!.id;
}

/** The messages of a conversation, oldest first, with their image names in order. */
export async function conversationMessagesOf(db: DatabaseOrTransaction, conversationId: number) {
  const rows = await db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.id));
  const images = rows.length
    ? await db
        .select()
        .from(conversationAttachments)
        .where(
          inArray(
            conversationAttachments.messageId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(conversationAttachments.messageId, conversationAttachments.position)
    : [];
  const byMessage = new Map<number, string[]>();
  for (const image of images) {
    if (image.messageId === null) continue;
    const list = byMessage.get(image.messageId) ?? [];
    list.push(image.uploadName);
    byMessage.set(image.messageId, list);
  }
  return rows.map((row) => ({ ...row, images: byMessage.get(row.id) ?? [] }));
}

/** The application behind a conversation and its submissions: the lifecycle events shown in the thread. */
export async function applicationHistory(db: DatabaseOrTransaction, applicationId: number) {
  const [application] = await db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      decidedAt: applications.decidedAt,
      carrier: applications.carrier,
      trackingNumber: applications.trackingNumber,
      shippedAt: applications.shippedAt,
      deliveredAt: applications.deliveredAt,
      approvedAt: applications.approvedAt,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const sent = await db
    .select({ createdAt: submissions.createdAt })
    .from(submissions)
    .where(eq(submissions.applicationId, applicationId))
    .orderBy(asc(submissions.createdAt));
  return { application: application!, submissions: sent };
}

/** Where a reader has read up to (message id; 0 when never). */
export async function lastReadOf(db: DatabaseOrTransaction, conversationId: number, userId: string) {
  const [row] = await db
    .select({ id: conversationReads.lastReadMessageId })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)));
  return row?.id ?? 0;
}

/** Moves a reader's mark forward (never back). */
export async function markRead(
  db: DatabaseOrTransaction,
  conversationId: number,
  userId: string,
  messageId: number,
  now: Date,
) {
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadMessageId: messageId, readAt: now })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: {
        lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)`,
        readAt: now,
      },
    });
}

/** The outer query's conversation id, spelled out: drizzle writes a bare "id" inside raw SQL, which a subquery would misread. */
const OUTER_ID = sql.raw('"conversations"."id"');

/** Visible messages from the other side after the reader's mark: what the reader has not read. */
const unreadFor = (fromRole: ConversationAuthorRole, readerId: string) => sql<number>`(
  select count(*)::int from ${conversationMessages} m
  where m.conversation_id = ${OUTER_ID} and m.hidden_at is null and m.author_role = ${fromRole}
    and m.id > coalesce((select r.last_read_message_id from ${conversationReads} r
      where r.conversation_id = ${OUTER_ID} and r.user_id = ${readerId}), 0))`;

/** Recomputes the conversation's figures from its visible messages (call after every message write). */
export async function refreshConversation(db: DatabaseOrTransaction, conversationId: number) {
  await db.execute(sql`
    update ${conversations} c set
      last_message_id = (select max(m.id) from ${conversationMessages} m
        where m.conversation_id = c.id and m.hidden_at is null),
      last_message_at = (select max(m.created_at) from ${conversationMessages} m
        where m.conversation_id = c.id and m.hidden_at is null),
      waiting_since = (select min(m.created_at) from ${conversationMessages} m
        where m.conversation_id = c.id and m.hidden_at is null and m.author_role = 'creator'
          and m.id > coalesce((select max(t.id) from ${conversationMessages} t
            where t.conversation_id = c.id and t.hidden_at is null and t.author_role = 'team'), 0))
    where c.id = ${conversationId}`);
}

/** Whether anyone of the other side wrote after a message (then its sender may no longer delete it). */
export async function answeredAfter(
  db: DatabaseOrTransaction,
  conversationId: number,
  messageId: number,
  role: ConversationAuthorRole,
) {
  const [row] = await db
    .select({ n: count() })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        gt(conversationMessages.id, messageId),
        ne(conversationMessages.authorRole, role),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** A creator's conversations with what they have not read. */
export async function creatorConversations(db: DatabaseOrTransaction, influencerId: number, userId: string) {
  return db
    .select({
      id: conversations.id,
      applicationId: conversations.applicationId,
      lastMessageAt: conversations.lastMessageAt,
      unreadCount: unreadFor('team', userId),
    })
    .from(conversations)
    .where(eq(conversations.influencerId, influencerId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
}

/**
 * The admins' inbox, one page (issue 28: keyset on `(last_message_at desc, id desc)`, the partial
 * `conversations_activity_idx`, or `conversations_campaign_activity_idx` for one campaign): conversations with
 * messages, newest activity first, filtered; unread counts are the admin's own. A search resolves its matches per
 * table first (creators by the trigram indexes on name and email, messages by the one on their text), then reads
 * those conversations' keys: it costs what it matches, not what the inbox holds.
 */
export async function inbox(
  db: DatabaseOrTransaction,
  adminUserId: string,
  {
    filter,
    campaignId,
    q,
    limit,
    cursor,
  }: {
    filter: InboxFilter;
    campaignId?: number | undefined;
    q?: string | undefined;
    limit: number;
    cursor?: PageCursor | null;
  },
) {
  const unread = unreadFor('creator', adminUserId);
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const page = keyset(conversations.lastMessageAt, conversations.id, cursor);
  const lastMessage = db
    .select({
      id: conversationMessages.id,
      authorRole: conversationMessages.authorRole,
      body: conversationMessages.body,
    })
    .from(conversationMessages)
    .as('last_message');
  const rows = await db
    .select({
      id: conversations.id,
      applicationId: conversations.applicationId,
      lastMessageAt: conversations.lastMessageAt,
      waitingSince: conversations.waitingSince,
      campaign: { id: campaigns.id, name: campaigns.name, brand: campaigns.brand },
      creator: { id: influencers.id, name: influencers.name },
      lastAuthorRole: lastMessage.authorRole,
      lastBody: lastMessage.body,
      unreadCount: unread,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .innerJoin(influencers, eq(influencers.id, conversations.influencerId))
    .leftJoin(lastMessage, eq(lastMessage.id, conversations.lastMessageId))
    .where(
      and(
        isNotNull(conversations.lastMessageId),
        page.where,
        filter === 'waiting' ? isNotNull(conversations.waitingSince) : undefined,
        filter === 'unread' ? sql`${unread} > 0` : undefined,
        campaignId === undefined ? undefined : eq(conversations.campaignId, campaignId),
        pattern
          ? or(
              sql`${conversations.influencerId} = any(array(select ${influencers.id} from ${influencers}
                where ${influencers.name} ilike ${pattern} or ${influencers.email} ilike ${pattern}))`,
              sql`${conversations.id} = any(array(select distinct m.conversation_id from ${conversationMessages} m
                where m.body ilike ${pattern}))`,
            )
          : undefined,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  return keysetPage(rows, limit, cursor, (r) => ({
    // Every row has a message (the where above), so it has its time.
    createdAt: r.lastMessageAt ?? new Date(0),
    id: r.id,
  }));
}

/**
 * The campaigns with at least one conversation that has a message whose name contains `q` (case-insensitive), most
 * conversations first, then by name (any case), at most `limit`: read from the counts the triggers keep
 * (`campaign_conversation_counts`, migration 0037, issue 28), so it reads only those campaigns instead of probing the
 * conversations of every campaign, and answers a page of choices, never the whole list. Without a term the counts'
 * index in that order (migration 0040) gives the first rows; the names only order the ties.
 */
export async function campaignsWithConversations(
  db: DatabaseOrTransaction,
  { q, limit }: { q?: string | undefined; limit: number },
) {
  const term = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaignConversationCounts)
    .innerJoin(campaigns, eq(campaigns.id, campaignConversationCounts.campaignId))
    .where(
      and(
        gt(campaignConversationCounts.conversations, 0),
        // The name contains the term, whatever the case. `search_text` is the lowered name, brand, description and
        // tags (migration 0001), so it holds every match: a pre-filter its trigram index answers for a narrow term.
        term === undefined
          ? undefined
          : sql`lower(${campaigns.name}) like lower(${term}) and ${campaigns.searchText} like lower(${term})`,
      ),
    )
    .orderBy(desc(campaignConversationCounts.conversations), sql`lower(${campaigns.name})`, asc(campaigns.id))
    .limit(limit);
}

/** One campaign's name by its id (the inbox's campaign filter kept in the URL), with conversations or not. */
export async function campaignNameById(db: DatabaseOrTransaction, id: number) {
  return db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.id, id));
}

/** How many conversations wait for the team's reply. */
export async function waitingCount(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(isNotNull(conversations.waitingSince));
  return row?.n ?? 0;
}

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
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'conversation_message'),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    );
}

export async function listSavedReplies(db: DatabaseOrTransaction) {
  return db
    .select()
    .from(savedReplies)
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
}

/**
 * Attaches the sender's uploaded images (names, in order) to their message; answers how many were attached (fewer
 * than asked: a name that is not theirs, of another conversation, or already attached).
 */
export async function attachImages(
  db: DatabaseOrTransaction,
  {
    conversationId,
    messageId,
    userId,
    names,
  }: { conversationId: number; messageId: number; userId: string; names: string[] },
): Promise<number> {
  let attached = 0;
  for (const [position, name] of names.entries()) {
    const rows = await db
      .update(conversationAttachments)
      .set({ messageId, position })
      .where(
        and(
          eq(conversationAttachments.uploadName, name),
          eq(conversationAttachments.conversationId, conversationId),
          eq(conversationAttachments.uploadedByUserId, userId),
          isNull(conversationAttachments.messageId),
        ),
      )
      .returning({ name: conversationAttachments.uploadName });
    attached += rows.length;
  }
  return attached;
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
      join ${influencers} i on i.id = c.influencer_id
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
    join ${influencers} i on i.id = c.influencer_id
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
