import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import {
  countOpenProblems,
  listMyProblems,
  listProblems,
  lockOpenProblem,
  lockProblem,
  type ProblemKey,
} from '../../db/queries/delivery-problems';
import { applications } from '../../db/schema/applications';
import { deliveryProblems } from '../../db/schema/shipping';
import type { DeliveryProblem } from '../../shared/lifecycle/delivery-problems';
import { decodeProblemCursor, encodeProblemCursor } from '../../shared/page-cursor';
import {
  type AdminProblemList,
  PROBLEM_PAGE_SIZE,
  type ProblemListQuery,
} from '../../shared/schemas/delivery-problems';
import { trackingUrl } from '../../shared/tracking';
import { AppError } from '../http/errors';
import { problemReplyMail, problemReshippedMail, problemResolvedMail } from '../mail/creator-templates';
import type { MailMessage } from '../mail/mailer';
import { reshipBox } from './applications/shipments';
import { type AuditActor, changedFields, recordAdminAction } from './audit-log';
import { sendCreatorMail } from './creator-mail';
import { creatorNotice, notifyCreator } from './notifications';
import { atInstant, type ServiceContext } from './service-context';
import { registerTracking } from './tracking/register-tracking';

/**
 * Hook of the creator's delivery report (services/applications recordDelivery), in its transaction: opens a problem
 * the admins see in their queue, or updates the one already open for this application (one open problem at a time).
 */
export async function openDeliveryProblem(
  tx: DatabaseOrTransaction,
  {
    applicationId,
    kind,
    note,
    now,
  }: { applicationId: number; kind: DeliveryProblem; note: string | null; now: Date },
) {
  const open = await lockOpenProblem(tx, applicationId);
  if (open) {
    await tx.update(deliveryProblems).set({ kind, note }).where(eq(deliveryProblems.id, open.id));
    return { id: open.id, created: false };
  }
  const [row] = await tx
    .insert(deliveryProblems)
    .values({ applicationId, kind, note, status: 'open', openedAt: now })
    .returning({ id: deliveryProblems.id });
  return { id: row!.id, created: true };
}

/** Hook of the creator's delivery confirmation: the box arrived, so an open problem is closed by the creator. */
export async function closeProblemOnDelivery(tx: DatabaseOrTransaction, applicationId: number, now: Date) {
  const open = await lockOpenProblem(tx, applicationId);
  if (!open) return;
  await tx
    .update(deliveryProblems)
    .set({
      status: 'resolved',
      resolution: 'The creator confirmed the box arrived.',
      resolvedAt: now,
      resolvedByName: 'Creator',
    })
    .where(eq(deliveryProblems.id, open.id));
}

/** Replies, re-shipments and resolutions are 'shipping and delivery' mails the creator may switch off. */
async function mailAfter(
  ctx: Pick<ServiceContext, 'db' | 'mailer' | 'logger'>,
  message: MailMessage,
  kind: string,
) {
  await sendCreatorMail(ctx, 'shipping_delivery', message, kind);
}

async function lockOpen(tx: DatabaseOrTransaction, id: number) {
  const found = await lockProblem(tx, id);
  if (!found) throw new AppError('NOT_FOUND', 'Problem not found');
  if (found.problem.status !== 'open') throw new AppError('CONFLICT', 'This problem is already resolved.');
  return found;
}

const clearOnApplication = { deliveryProblem: null, deliveryProblemNote: null, deliveryProblemAt: null };

/** The admin answers the creator; the problem stays open (and the posting clock stays stopped). */
export async function replyToProblem(
  services: ServiceContext,
  id: number,
  message: string,
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const found = await ctx.db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    await tx
      .update(deliveryProblems)
      .set({ reply: message, repliedAt: ctx.now, repliedByName: actor.name })
      .where(eq(deliveryProblems.id, id));
    await recordAdminAction(tx, actor, {
      action: 'problem.reply',
      entityType: 'delivery_problem',
      entityId: id,
      before: { reply: row.problem.reply },
      after: { reply: message },
      at: ctx.now,
    });
    await notifyCreator(
      tx,
      row.influencer.id,
      creatorNotice.problemReply(row.campaign.name, row.problem.kind, message),
      ctx.now,
    );
    return row;
  });
  await mailAfter(
    ctx,
    problemReplyMail(ctx.appUrl, found.influencer.email, {
      campaign: found.campaign.name,
      kind: found.problem.kind,
      message,
    }),
    'problem-reply',
  );
}

/** The admin closes the problem (with an optional message to the creator). */
export async function resolveProblem(
  services: ServiceContext,
  id: number,
  message: string | undefined,
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const found = await ctx.db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    await tx
      .update(deliveryProblems)
      .set({
        status: 'resolved',
        resolution: message ?? 'Resolved by the brand.',
        resolvedAt: ctx.now,
        resolvedByName: actor.name,
        ...(message ? { reply: message, repliedAt: ctx.now, repliedByName: actor.name } : {}),
      })
      .where(eq(deliveryProblems.id, id));
    await tx
      .update(applications)
      .set({ ...clearOnApplication, updatedAt: ctx.now })
      .where(eq(applications.id, row.application.id));
    await recordAdminAction(tx, actor, {
      action: 'problem.resolve',
      entityType: 'delivery_problem',
      entityId: id,
      before: { status: row.problem.status, resolution: row.problem.resolution },
      after: {
        status: 'resolved',
        resolution: message ?? 'Resolved by the brand.',
        ...(message ? { reply: message } : {}),
      },
      at: ctx.now,
    });
    await notifyCreator(
      tx,
      row.influencer.id,
      creatorNotice.problemResolved(row.campaign.name, row.problem.kind, message),
      ctx.now,
    );
    return row;
  });
  await mailAfter(
    ctx,
    problemResolvedMail(ctx.appUrl, found.influencer.email, {
      campaign: found.campaign.name,
      kind: found.problem.kind,
      message,
    }),
    'problem-resolved',
  );
}

/** The admin sends a new box (its number registered for tracking): shipped again, the problem resolved by it. */
export async function reshipProblem(
  services: ServiceContext,
  id: number,
  input: { carrier: string; trackingNumber: string; message?: string | undefined },
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const tracker = await registerTracking(ctx, input);
  const found = await ctx.db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    const reshipped = await reshipBox(tx, row, input, ctx.now, tracker);
    await tx
      .update(deliveryProblems)
      .set({
        status: 'resolved',
        reshippedAt: ctx.now,
        resolution: `Re-shipped: ${input.carrier} ${input.trackingNumber}`,
        resolvedAt: ctx.now,
        resolvedByName: actor.name,
        ...(input.message ? { reply: input.message, repliedAt: ctx.now, repliedByName: actor.name } : {}),
      })
      .where(eq(deliveryProblems.id, id));
    await notifyCreator(
      tx,
      row.influencer.id,
      creatorNotice.problemReshipped(row.campaign.name, input.carrier, input.trackingNumber),
      ctx.now,
    );
    const shipment = changedFields(
      {
        applicationStatus: row.application.status,
        carrier: row.application.carrier,
        trackingNumber: row.application.trackingNumber,
      },
      {
        applicationStatus: reshipped.status,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
      },
    );
    await recordAdminAction(tx, actor, {
      action: 'problem.reship',
      entityType: 'delivery_problem',
      entityId: id,
      before: { status: row.problem.status, ...shipment?.before },
      after: {
        status: 'resolved',
        ...shipment?.after,
        ...(input.message ? { reply: input.message } : {}),
      },
      at: ctx.now,
    });
    return row;
  });
  await mailAfter(
    ctx,
    problemReshippedMail(ctx.appUrl, found.influencer.email, {
      campaign: found.campaign.name,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      tracking: trackingUrl(input.carrier, input.trackingNumber),
      message: input.message,
    }),
    'problem-reshipped',
  );
}

/** The cursor a client sent back, for a list of this status (a cursor of another list is refused too). */
function readProblemCursor(
  status: ProblemListQuery['status'],
  cursor: string | undefined,
): ProblemKey | null {
  if (!cursor) return null;
  const key = decodeProblemCursor(cursor);
  // The route's schema refuses a cursor it cannot read; one of another status's list is refused here.
  if (!key || (status !== 'all' && key.part !== status)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'cursor is not valid: load the first page again',
      {},
      undefined,
      'cursor',
    );
  }
  return { part: key.part, at: new Date(key.at), id: key.id };
}

/**
 * The admins' queue (issue 28: paged by keyset): one page of the problems of one status (open unless asked), the
 * cursor of the next page, and the number open whatever is shown.
 */
export async function problemQueue(
  ctx: ServiceContext,
  query: Partial<ProblemListQuery> = {},
): Promise<AdminProblemList> {
  const status = query.status ?? 'open';
  const after = readProblemCursor(status, query.cursor);
  const [page, openCount] = await Promise.all([
    listProblems(ctx.db, status, { after, limit: query.limit ?? PROBLEM_PAGE_SIZE }),
    countOpenProblems(ctx.db),
  ]);
  return {
    items: page.items,
    nextCursor: page.next
      ? encodeProblemCursor({ part: page.next.part, at: page.next.at.toISOString(), id: page.next.id })
      : null,
    openCount,
  };
}

/** The creator's own delivery problems with the brand's replies, newest first. */
export function myProblems(ctx: ServiceContext, influencerId: number) {
  return listMyProblems(ctx.db, influencerId);
}
