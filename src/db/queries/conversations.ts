import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { groupedBy } from '../../shared/grouped';
import type { ConversationAuthorRole } from '../../shared/schemas/conversations';
import type { DatabaseOrTransaction } from '../client';
import { applications, submissions } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import {
  conversationAttachments,
  conversationMessages,
  conversationReads,
  conversations,
} from '../schema/conversations';
import { creators } from '../schema/creators';
import { readColumn } from './first-row';

/** Who reads: a creator sees only their own conversations (ownership in the WHERE), an admin sees every one. */
export type ConversationScope = { creatorId: number } | { admin: true };

const scopeOf = (scope: ConversationScope) =>
  'creatorId' in scope ? eq(conversations.creatorId, scope.creatorId) : undefined;

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
    id: creators.id,
    name: creators.name,
    email: creators.email,
    standing: creators.standing,
    authUserId: creators.authUserId,
    mailOptOuts: creators.mailOptOuts,
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
    .innerJoin(creators, eq(creators.id, conversations.creatorId))
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
      creatorId: applications.creatorId,
      campaignId: applications.campaignId,
    })
    .from(applications)
    .where(
      and(
        eq(applications.id, applicationId),
        'creatorId' in scope ? eq(applications.creatorId, scope.creatorId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The conversation of an application, made on first use (two openers at once get the same one). */
export async function ensureConversation(
  db: DatabaseOrTransaction,
  application: { id: number; creatorId: number; campaignId: number },
  now: Date,
): Promise<number> {
  await db
    .insert(conversations)
    .values({
      applicationId: application.id,
      creatorId: application.creatorId,
      campaignId: application.campaignId,
      createdAt: now,
    })
    .onConflictDoNothing({ target: conversations.applicationId });
  return (await readColumn(db, conversations.id, eq(conversations.applicationId, application.id)))!;
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
  const byMessage = groupedBy(
    images,
    (image) => image.messageId,
    (image) => image.uploadName,
  );
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
  const ofReader = and(
    eq(conversationReads.conversationId, conversationId),
    eq(conversationReads.userId, userId),
  );
  return (await readColumn(db, conversationReads.lastReadMessageId, ofReader)) ?? 0;
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
