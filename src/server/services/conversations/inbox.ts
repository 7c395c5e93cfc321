import {
  campaignNameById,
  campaignsWithConversations,
  creatorConversations,
  inbox,
  waitingCount,
} from '../../../db/queries/conversation-lists';
import { decodeCursor } from '../../../shared/page-cursor';
import type {
  Inbox,
  InboxCampaigns,
  InboxCampaignsQuery,
  InboxQuery,
} from '../../../shared/schemas/conversation-inbox';
import type { MyConversationList } from '../../../shared/schemas/conversations';
import type { ServiceContext } from '../service-context';

const PREVIEW = 140;
const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW - 1)}…` : flat;
};

/** One page of the admins' inbox (newest activity first, filtered, searched) with the number waiting for a reply. */
export async function adminInbox(
  { db }: ServiceContext,
  adminUserId: string,
  query: InboxQuery,
): Promise<Inbox> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const [page, waiting] = await Promise.all([inbox(db, adminUserId, { ...query, cursor }), waitingCount(db)]);
  return {
    nextCursor: page.nextCursor,
    items: page.rows.map((r) => ({
      id: r.id,
      applicationId: r.applicationId,
      campaign: r.campaign,
      creator: r.creator,
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      lastMessage:
        r.lastAuthorRole && r.lastBody !== null
          ? { authorRole: r.lastAuthorRole, text: r.lastBody ? preview(r.lastBody) : 'Image' }
          : null,
      unreadCount: Number(r.unreadCount),
      waitingSince: r.waitingSince?.toISOString() ?? null,
    })),
    waitingCount: waiting,
  };
}

/** A creator's conversations (by application) with what they have not read. */
export async function myConversations(
  { db }: ServiceContext,
  creatorId: number,
  userId: string,
): Promise<MyConversationList> {
  const rows = await creatorConversations(db, creatorId, userId);
  const items = rows.map((r) => ({
    id: r.id,
    applicationId: r.applicationId,
    lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
    unreadCount: Number(r.unreadCount),
  }));
  return { items, unreadCount: items.reduce((sum, i) => sum + i.unreadCount, 0) };
}

/** How many conversations wait for an admin's reply (the badge of the admins' inbox). */
export function waitingConversations({ db }: ServiceContext): Promise<number> {
  return waitingCount(db);
}

/**
 * The campaigns the inbox can be filtered by: a search among those with conversations (most conversations first),
 * or one campaign by id (the filter kept in the URL shows its name).
 */
export async function inboxCampaigns(
  { db }: ServiceContext,
  query: InboxCampaignsQuery,
): Promise<InboxCampaigns> {
  if (query.id !== undefined) return { items: await campaignNameById(db, query.id) };
  return { items: await campaignsWithConversations(db, query) };
}
