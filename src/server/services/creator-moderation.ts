import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { findCreatorById, lockCreator, standingOfUser } from '../../db/queries/creator-profile';
import { sessions, users } from '../../db/schema/auth';
import { creatorModerationEvents, creatorNotes } from '../../db/schema/creator-management';
import { creators } from '../../db/schema/creators';
import {
  type CreatorStanding,
  MODERATION_MESSAGES,
  type ModerationAction,
  moderationAllowed,
  STANDING_AFTER,
} from '../../shared/moderation';
import { AppError } from '../http/errors';
import { moderationMail } from '../mail/creator-templates';
import { type AuditActor, recordAdminAction } from './audit-log';
import { creatorNotice, notifyCreator } from './notifications';
import { atInstant, type ServiceContext } from './service-context';

const REFUSED: Record<ModerationAction, (standing: CreatorStanding) => string> = {
  suspend: (s) => `This creator is already ${s}.`,
  ban: () => 'This creator is already banned.',
  restore: () => 'This creator is not suspended or banned.',
};

/**
 * Suspends, bans or lifts a creator, with the reason and the admin recorded in the audit log, in one transaction. A
 * ban also marks the sign-in account banned and ends every session of it (signed out everywhere at once); lifting
 * clears that. The creator is told by mail after the change is committed.
 */
export async function moderateCreator(
  services: ServiceContext,
  creatorId: number,
  action: ModerationAction,
  reason: string,
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const result = await ctx.db.transaction(async (tx) => {
    const creator = await lockCreator(tx, creatorId);
    if (!creator) throw new AppError('NOT_FOUND', 'Creator not found');
    if (!moderationAllowed(creator.standing, action))
      throw new AppError('CONFLICT', REFUSED[action](creator.standing));
    const standing = STANDING_AFTER[action];
    await tx.update(creators).set({ standing, updatedAt: ctx.now }).where(eq(creators.id, creatorId));
    await tx.insert(creatorModerationEvents).values({
      creatorId,
      action,
      reason,
      actorUserId: actor.userId,
      actorName: actor.name,
      createdAt: ctx.now,
    });
    // The creator's page keeps showing its own moderation log above; the general trail has the change too.
    await recordAdminAction(tx, actor, {
      action: `creator.${action}`,
      entityType: 'creator',
      entityId: creatorId,
      before: { standing: creator.standing },
      after: { standing, reason },
      at: ctx.now,
    });
    let sessionsEnded = 0;
    if (creator.authUserId) {
      const banned = standing === 'banned';
      await tx
        .update(users)
        .set({ banned, banReason: banned ? reason : null, updatedAt: ctx.now })
        .where(eq(users.id, creator.authUserId));
      if (banned) {
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, creator.authUserId))
          .returning({ id: sessions.id });
        sessionsEnded = ended.length;
      }
    }
    // A banned creator cannot sign in to read it (the ban mail tells them); the others are told in the app too.
    if (action === 'suspend') await notifyCreator(tx, creatorId, creatorNotice.suspended(reason), ctx.now);
    if (action === 'restore') await notifyCreator(tx, creatorId, creatorNotice.restored(), ctx.now);
    return { email: creator.email, standing, sessionsEnded };
  });
  try {
    await ctx.mailer.send(moderationMail(ctx.appUrl, result.email, { action, reason }));
  } catch (error) {
    ctx.logger.error({ err: error, kind: `moderation:${action}` }, 'could not send a moderation mail');
  }
  return result;
}

/** A private admin note on a creator, with its author and time. */
export async function addCreatorNote(
  db: DatabaseOrTransaction,
  creatorId: number,
  body: string,
  actor: AuditActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    if (!(await findCreatorById(tx, creatorId))) throw new AppError('NOT_FOUND', 'Creator not found');
    const [note] = await tx
      .insert(creatorNotes)
      .values({ creatorId, body, authorUserId: actor.userId, authorName: actor.name, createdAt: now })
      .returning();
    await recordAdminAction(tx, actor, {
      action: 'creator.add_note',
      entityType: 'creator',
      entityId: creatorId,
      before: null,
      after: { noteId: note!.id, note: body },
      at: now,
    });
    return note!;
  });
}

/** Why this creator may not apply to campaigns now (suspended or banned), or null. */
export function applyRestriction(standing: CreatorStanding): string | null {
  if (standing === 'suspended') return MODERATION_MESSAGES.suspendedApply;
  if (standing === 'banned') return MODERATION_MESSAGES.bannedApply;
  return null;
}

/** Better Auth's session hook: a banned creator gets no new session, whichever way they sign in. */
export async function refuseBannedSignIn(db: DatabaseOrTransaction, userId: string) {
  if ((await standingOfUser(db, userId)) === 'banned') {
    throw new APIError('FORBIDDEN', { message: MODERATION_MESSAGES.bannedSignIn, code: 'ACCOUNT_BANNED' });
  }
}
