import { and, asc, count, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { PageCursor } from '../../shared/page-cursor';
import type { InboxFilter } from '../../shared/schemas/conversation-inbox';
import type { ConversationAuthorRole } from '../../shared/schemas/conversations';
import type { DatabaseOrTransaction } from '../client';
import { campaigns } from '../schema/campaigns';
import {
  campaignConversationCounts,
  conversationMessages,
  conversationReads,
  conversations,
  savedReplies,
} from '../schema/conversations';
import { creators } from '../schema/creators';
import { keyset, keysetPage } from './keyset';

/** The outer query's conversation id, spelled out: drizzle writes a bare "id" inside raw SQL, which a subquery would misread. */
const OUTER_ID = sql.raw('"conversations"."id"');

/** Visible messages from the other side after the reader's mark: what the reader has not read. */
const unreadFor = (fromRole: ConversationAuthorRole, readerId: string) => sql<number>`(
  select count(*)::int from ${conversationMessages} m
  where m.conversation_id = ${OUTER_ID} and m.hidden_at is null and m.author_role = ${fromRole}
    and m.id > coalesce((select r.last_read_message_id from ${conversationReads} r
      where r.conversation_id = ${OUTER_ID} and r.user_id = ${readerId}), 0))`;

/** A creator's conversations with what they have not read. */
export async function creatorConversations(db: DatabaseOrTransaction, creatorId: number, userId: string) {
  return db
    .select({
      id: conversations.id,
      applicationId: conversations.applicationId,
      lastMessageAt: conversations.lastMessageAt,
      unreadCount: unreadFor('team', userId),
    })
    .from(conversations)
    .where(eq(conversations.creatorId, creatorId))
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
      creator: { id: creators.id, name: creators.name },
      lastAuthorRole: lastMessage.authorRole,
      lastBody: lastMessage.body,
      unreadCount: unread,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .innerJoin(creators, eq(creators.id, conversations.creatorId))
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
              sql`${conversations.creatorId} = any(array(select ${creators.id} from ${creators}
                where ${creators.name} ilike ${pattern} or ${creators.email} ilike ${pattern}))`,
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

export async function listSavedReplies(db: DatabaseOrTransaction) {
  return db
    .select()
    .from(savedReplies)
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
}
