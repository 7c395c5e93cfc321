import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONVERSATION_AUTHOR_ROLES, type ConversationAuthorRole } from '../../shared/schemas/conversations';
import { applicationIdRef } from './applications';
import { userIdRef, userRefOrNull } from './auth';
import { campaignIdRef } from './campaigns';
import { createdAndUpdated, foreignId, identityId, isOneOf, newestFirst, ts } from './columns';
import { creatorIdRef } from './creators';
import { uploads } from './uploads';

/**
 * Issue 26: one conversation per application between its creator and the campaign team. The figures after
 * `created_at` are kept by the services in the transaction of every message write (refreshConversation), so the
 * inbox reads them without walking the messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: identityId(),
    applicationId: applicationIdRef('cascade'),
    /** Copied from the application (it never changes), so ownership and the campaign filter need no join. */
    creatorId: creatorIdRef('cascade'),
    campaignId: campaignIdRef('restrict'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The newest visible message (null: none yet); the inbox orders by it. */
    lastMessageId: integer('last_message_id'),
    lastMessageAt: ts('last_message_at'),
    /** Since when the creator waits for the team: their first visible message after the team's last one (null: not waiting). */
    waitingSince: ts('waiting_since'),
    /** The last "unread for 10 minutes" mail sent to the creator about this conversation. */
    lastMailedAt: ts('last_mailed_at'),
  },
  (t) => [
    uniqueIndex('conversations_application_idx').on(t.applicationId),
    index('conversations_influencer_idx').on(t.creatorId),
    // The inbox's pages (issue 28): conversations with a message, newest activity first, in the order the keyset
    // reads them (`last_message_at desc, id desc`), for all campaigns and for one.
    index('conversations_activity_idx')
      .on(...newestFirst(t.lastMessageAt, t.id))
      .where(sql`${t.lastMessageId} is not null`),
    index('conversations_campaign_activity_idx')
      .on(t.campaignId, ...newestFirst(t.lastMessageAt, t.id))
      .where(sql`${t.lastMessageId} is not null`),
    index('conversations_campaign_idx').on(t.campaignId),
    index('conversations_waiting_idx').on(t.waitingSince).where(sql`${t.waitingSince} is not null`),
  ],
);

/** A row's conversation: `conversation_id`, not null, a foreign key to conversations (gone with it). */
export const conversationIdRef = () => foreignId('conversation_id', () => conversations.id, 'cascade');

/**
 * Issue 28: per campaign, how many of its conversations have a message (`last_message_id` set), kept by triggers on
 * `conversations` in the transaction of every change (migration 0037). The inbox's campaign filter reads the
 * campaigns with one from here instead of probing the conversations of every campaign.
 */
export const campaignConversationCounts = pgTable(
  'campaign_conversation_counts',
  {
    campaignId: campaignIdRef('cascade').primaryKey(),
    conversations: integer('conversations').notNull(),
  },
  (t) => [
    // The inbox's campaign filter opens on the campaigns with most conversations (migration 0040): read in order.
    index('campaign_conversation_counts_most_idx')
      .on(t.conversations.desc().nullsFirst(), t.campaignId)
      .where(sql`${t.conversations} > 0`),
  ],
);

/** A message of a conversation: by the creator or by an admin of the team. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: identityId(),
    conversationId: conversationIdRef(),
    authorUserId: userRefOrNull('author_user_id'),
    authorRole: text('author_role').$type<ConversationAuthorRole>().notNull(),
    /** The name shown, as written at the time (the creator's name, or the admin's first name). */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    /** A team message that answered a waiting creator: since when they had waited (the reply time is created_at minus it). */
    answeredWaitingSince: ts('answered_waiting_since'),
    /** Hidden by an admin, with the reason (the text is kept for the record and shown to admins only). */
    hiddenAt: ts('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenByUserId: userRefOrNull('hidden_by_user_id'),
    hiddenByName: text('hidden_by_name'),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.id),
    // The inbox search finds messages by their text (issue 28).
    index('conversation_messages_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
    index('conversation_messages_replies_idx')
      .on(t.createdAt)
      .where(sql`${t.answeredWaitingSince} is not null`),
    check('conversation_messages_role_check', isOneOf(t.authorRole, CONVERSATION_AUTHOR_ROLES)),
    check('conversation_messages_body_check', sql`char_length(${t.body}) <= 4000`),
    check('conversation_messages_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/**
 * The images of conversations. An image is uploaded first (stored as a private upload: the conversation's creator
 * and admins see it), then attached to the sender's next message (`message_id`, `position` 0-3). An image never
 * attached stays with its sender only.
 */
export const conversationAttachments = pgTable(
  'conversation_attachments',
  {
    uploadName: text('upload_name')
      .primaryKey()
      .references(() => uploads.name, { onDelete: 'cascade' }),
    conversationId: conversationIdRef(),
    uploadedByUserId: userRefOrNull('uploaded_by_user_id'),
    messageId: integer('message_id').references(() => conversationMessages.id, { onDelete: 'cascade' }),
    position: smallint('position'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_attachments_message_idx').on(t.messageId, t.position),
    index('conversation_attachments_conversation_idx').on(t.conversationId),
    check(
      'conversation_attachments_position_check',
      sql`${t.position} is null or ${t.position} between 0 and 3`,
    ),
    check('conversation_attachments_attached_check', sql`(${t.messageId} is null) = (${t.position} is null)`),
  ],
);

/** How far each reader (the creator, each admin) has read a conversation. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: conversationIdRef(),
    userId: userIdRef(),
    lastReadMessageId: integer('last_read_message_id').notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_reads_user_idx').on(t.userId),
  ],
);

/** The team's saved replies (shared by every admin). */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: identityId(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdByUserId: userRefOrNull('created_by_user_id'),
    ...createdAndUpdated(),
  },
  (t) => [uniqueIndex('saved_replies_title_idx').on(sql`lower(${t.title})`)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;
export type SavedReplyRow = typeof savedReplies.$inferSelect;
