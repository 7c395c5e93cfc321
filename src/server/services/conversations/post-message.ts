import { upsertConversationNotification } from '../../../db/queries/conversation-notices';
import { attachImages, markRead, refreshConversation } from '../../../db/queries/conversations';
import { insertUpload } from '../../../db/queries/uploads';
import { conversationAttachments, conversationMessages } from '../../../db/schema/conversations';
import {
  firstNameOf,
  MESSAGE_MAX_IMAGES,
  MESSAGE_TEXTS,
  teamSignature,
} from '../../../shared/schemas/conversations';
import { AppError } from '../../http/errors';
import { hitRateLimit, type RateLimitRule } from '../app-rate-limits';
import { discardImage, storeImage, uploadNameOf, uploadRow } from '../uploads';
import {
  authorRoleOf,
  type ConversationContext,
  conversationLink,
  readableConversation,
  requireWritable,
  type Viewer,
} from './context';
import { publishConversationChange } from './live';

/** Per sender: a burst (quick repeats) and an hourly ceiling; admins answer many creators, so theirs are higher. */
export const MESSAGE_RATE_LIMITS: Record<
  Viewer['role'],
  { burst: RateLimitRule; hour: RateLimitRule; images: RateLimitRule }
> = {
  creator: {
    burst: { window: 30, max: 5 },
    hour: { window: 3600, max: 60 },
    images: { window: 3600, max: 40 },
  },
  admin: {
    burst: { window: 30, max: 15 },
    hour: { window: 3600, max: 400 },
    images: { window: 3600, max: 200 },
  },
};

export const RATE_TEXTS = {
  burst: 'You are sending messages too quickly. Wait a few seconds, then send again.',
  hour: (max: number) => `You have sent ${max} messages in the last hour, the most we take. Try again later.`,
  images: (max: number) =>
    `You have uploaded ${max} images in the last hour, the most we take. Try again later.`,
} as const;

export const IMAGE_TEXTS = {
  notUploaded:
    'images: upload the image again (it is not one you uploaded to this conversation, or it was sent already).',
} as const;

/** Counts one message against the sender's limits; 429 with a clear message (and Retry-After) past either. */
async function countAgainstLimits(ctx: ConversationContext, viewer: Viewer) {
  const rules = MESSAGE_RATE_LIMITS[viewer.role];
  await hitRateLimit(ctx.db, `conversation-burst:${viewer.userId}`, rules.burst, RATE_TEXTS.burst, ctx.now);
  await hitRateLimit(
    ctx.db,
    `conversation-hour:${viewer.userId}`,
    rules.hour,
    RATE_TEXTS.hour(rules.hour.max),
    ctx.now,
  );
}

/**
 * Stores an image for the sender's next message in this conversation, with the upload rules of submissions (type
 * read from its first bytes, at most 5 MB); private to the conversation's creator and admins. Answers its address.
 */
export async function uploadConversationImage(
  ctx: ConversationContext,
  conversationId: number,
  viewer: Viewer,
  file: File,
): Promise<{ url: string }> {
  const found = await readableConversation(ctx.db, conversationId, viewer);
  requireWritable(found, viewer, ctx.now);
  const rule = MESSAGE_RATE_LIMITS[viewer.role].images;
  await hitRateLimit(
    ctx.db,
    `conversation-images:${viewer.userId}`,
    rule,
    RATE_TEXTS.images(rule.max),
    ctx.now,
  );
  const stored = await storeImage(ctx.files, file).catch((error: unknown) => {
    if (error instanceof AppError)
      throw new AppError(error.code, error.message.replace(/^file:/, 'image:'), {}, undefined, 'image');
    throw error;
  });
  try {
    await ctx.db.transaction(async (tx) => {
      await insertUpload(
        tx,
        uploadRow(stored, found.creator.authUserId ?? viewer.userId, 'private', ctx.now),
      );
      await tx.insert(conversationAttachments).values({
        uploadName: stored.name,
        conversationId,
        uploadedByUserId: viewer.userId,
        createdAt: ctx.now,
      });
    });
  } catch (error) {
    await discardImage(ctx.files, stored.name);
    throw error;
  }
  return { url: stored.url };
}

export interface NewMessage {
  body: string;
  /** Addresses answered by uploadConversationImage, in the order shown. */
  images: string[];
}

/**
 * Writes a message: checks the text and images, who may write (the creator of the application, not suspended; an
 * admin), the read-only date and the sender's rate limits; then, in one transaction, the message, its images, the
 * conversation's figures, the writer's read mark and (a team message) the creator's bell. Open streams on every
 * instance hear of it after the commit.
 */
export async function postMessage(
  ctx: ConversationContext,
  conversationId: number,
  viewer: Viewer,
  input: NewMessage,
): Promise<{ id: number; conversationId: number }> {
  if (input.images.length > MESSAGE_MAX_IMAGES)
    throw new AppError('VALIDATION_FAILED', MESSAGE_TEXTS.tooManyImages, {}, undefined, 'images');
  if (input.body.length === 0 && input.images.length === 0)
    throw new AppError('VALIDATION_FAILED', MESSAGE_TEXTS.empty, {}, undefined, 'body');
  const names = input.images.map(uploadNameOf);
  if (names.some((name) => name === null) || new Set(names).size !== names.length)
    throw new AppError('VALIDATION_FAILED', IMAGE_TEXTS.notUploaded, {}, undefined, 'images');
  const found = await readableConversation(ctx.db, conversationId, viewer);
  requireWritable(found, viewer, ctx.now);
  await countAgainstLimits(ctx, viewer);

  const role = authorRoleOf(viewer);
  const id = await ctx.db.transaction(async (tx) => {
    // The lock orders writers of one conversation, so its figures follow the order of its messages.
    const locked = await readableConversation(tx, conversationId, viewer, { lock: true });
    requireWritable(locked, viewer, ctx.now);
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        conversationId,
        authorUserId: viewer.userId,
        authorRole: role,
        authorName: role === 'team' ? firstNameOf(viewer.name) : locked.creator.name,
        body: input.body,
        createdAt: ctx.now,
        answeredWaitingSince: role === 'team' ? locked.conversation.waitingSince : null,
      })
      .returning({ id: conversationMessages.id });
    const messageId = message!.id;
    if (names.length > 0) {
      const attached = await attachImages(tx, {
        conversationId,
        messageId,
        userId: viewer.userId,
        names: names as string[],
      });
      if (attached !== names.length)
        throw new AppError('VALIDATION_FAILED', IMAGE_TEXTS.notUploaded, {}, undefined, 'images');
    }
    await refreshConversation(tx, conversationId);
    await markRead(tx, conversationId, viewer.userId, messageId, ctx.now);
    if (role === 'team' && locked.creator.authUserId) {
      const preview =
        input.body || (input.images.length === 1 ? 'An image' : `${input.images.length} images`);
      await upsertConversationNotification(tx, {
        userId: locked.creator.authUserId,
        title: `New message: ${locked.campaign.name}`,
        body: `${teamSignature(locked.campaign.brand, firstNameOf(viewer.name))}: ${clip(preview, 200)}`,
        link: conversationLink(locked.conversation.applicationId),
        createdAt: ctx.now,
      });
    }
    return messageId;
  });
  await publishConversationChange(ctx.db, { conversationId, messageId: id });
  return { id, conversationId };
}

function clip(text: string, length: number) {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
