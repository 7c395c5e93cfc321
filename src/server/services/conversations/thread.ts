import { applicationHistory, conversationMessagesOf, lastReadOf } from '../../../db/queries/conversations';
import {
  type ConversationEventKind,
  type ConversationThread,
  MESSAGE_EDIT_WINDOW_MS,
  readOnlyFrom,
  type TimelineItem,
  teamSignature,
} from '../../../shared/schemas/conversations';
import { type ConversationContext, readableConversation, type Viewer, writeRefusal } from './context';

type History = Awaited<ReturnType<typeof applicationHistory>>;

/** The application's lifecycle as events of the thread (accepted, shipped, delivered, submitted, approved …). */
export function lifecycleEvents({ application, submissions }: History): Array<{
  kind: ConversationEventKind;
  text: string;
  at: Date;
}> {
  const events: Array<{ kind: ConversationEventKind; text: string; at: Date }> = [
    { kind: 'applied', text: 'Applied to the campaign', at: application.createdAt },
  ];
  if (application.decidedAt) {
    events.push(
      application.status === 'rejected'
        ? { kind: 'rejected', text: 'Application not selected', at: application.decidedAt }
        : { kind: 'accepted', text: 'Application accepted', at: application.decidedAt },
    );
  }
  if (application.shippedAt) {
    const tracking =
      application.carrier && application.trackingNumber
        ? ` (${application.carrier} ${application.trackingNumber})`
        : '';
    events.push({ kind: 'shipped', text: `PR box shipped${tracking}`, at: application.shippedAt });
  }
  if (application.deliveredAt)
    events.push({ kind: 'delivered', text: 'PR box delivered', at: application.deliveredAt });
  for (const [i, s] of submissions.entries()) {
    events.push({
      kind: 'submitted',
      text: i === 0 ? 'Content submitted' : 'Content resubmitted',
      at: s.createdAt,
    });
  }
  if (application.approvedAt)
    events.push({ kind: 'approved', text: 'Content approved', at: application.approvedAt });
  return events;
}

/** The thread as the viewer reads it: messages and lifecycle events in time order, and what the viewer may do. */
export async function readThread(
  ctx: ConversationContext,
  id: number,
  viewer: Viewer,
): Promise<ConversationThread> {
  const found = await readableConversation(ctx.db, id, viewer);
  const [messages, history, myRead, creatorRead] = await Promise.all([
    conversationMessagesOf(ctx.db, id),
    applicationHistory(ctx.db, found.conversation.applicationId),
    lastReadOf(ctx.db, id, viewer.userId),
    // The team's "seen" marks: how far the creator has read.
    found.creator.authUserId ? lastReadOf(ctx.db, id, found.creator.authUserId) : Promise.resolve(0),
  ]);
  const mine = viewer.role === 'creator' ? 'creator' : 'team';
  const refusal = writeRefusal(found, viewer, ctx.now);
  const lastOtherSideId = new Map<string, number>();
  for (const m of messages) lastOtherSideId.set(m.authorRole, m.id);

  const items: Array<TimelineItem & { sortAt: number; order: number }> = [];
  for (const m of messages) {
    const own = m.authorUserId === viewer.userId && m.authorRole === mine;
    const answered = (lastOtherSideId.get(m.authorRole === 'creator' ? 'team' : 'creator') ?? 0) > m.id;
    const hidden = m.hiddenAt !== null;
    const showBody = !hidden || viewer.role === 'admin';
    items.push({
      type: 'message',
      id: m.id,
      authorRole: m.authorRole,
      authorName: m.authorRole === 'team' ? teamSignature(found.campaign.brand, m.authorName) : m.authorName,
      body: showBody ? m.body : null,
      images: showBody ? m.images.map((name) => `/uploads/${name}`) : [],
      createdAt: m.createdAt.toISOString(),
      editedAt: m.editedAt?.toISOString() ?? null,
      hidden: hidden
        ? {
            at: m.hiddenAt!.toISOString(),
            reason: viewer.role === 'admin' ? m.hiddenReason : null,
            by: viewer.role === 'admin' ? m.hiddenByName : null,
          }
        : null,
      canEdit:
        own && !hidden && !refusal && ctx.now.getTime() - m.createdAt.getTime() <= MESSAGE_EDIT_WINDOW_MS,
      canDelete: own && !hidden && !refusal && !answered,
      seen: viewer.role === 'admin' && m.authorRole === 'team' ? m.id <= creatorRead : null,
      sortAt: m.createdAt.getTime(),
      order: 1,
    });
  }
  for (const e of lifecycleEvents(history)) {
    items.push({
      type: 'event',
      kind: e.kind,
      text: e.text,
      at: e.at.toISOString(),
      sortAt: e.at.getTime(),
      order: 0,
    });
  }
  items.sort((a, b) => a.sortAt - b.sortAt || a.order - b.order);
  const other = viewer.role === 'creator' ? 'team' : 'creator';
  const unreadCount = messages.filter(
    (m) => m.authorRole === other && m.hiddenAt === null && m.id > myRead,
  ).length;
  const until = readOnlyFrom(found.campaign);
  return {
    id,
    applicationId: found.conversation.applicationId,
    campaign: { id: found.campaign.id, name: found.campaign.name, brand: found.campaign.brand },
    creator: { id: found.creator.id, name: found.creator.name },
    items: items.map(({ sortAt: _s, order: _o, ...item }) => item as TimelineItem),
    canWrite: refusal === null,
    readOnlyReason: refusal,
    readOnlyFrom: until?.toISOString() ?? null,
    waitingSince: found.conversation.waitingSince?.toISOString() ?? null,
    unreadCount,
  };
}
