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
import { type AuditActor, type AuditChange, changedFields, recordAdminAction } from './audit-log';
import { sendCreatorMail } from './creator-mail';
import { creatorNotice, type Notice, notifyCreator } from './notifications';
import { type AtInstant, atInstant, type ServiceContext } from './service-context';
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

async function lockOpen(tx: DatabaseOrTransaction, id: number) {
  const found = await lockProblem(tx, id);
  if (!found) throw new AppError('NOT_FOUND', 'Problem not found');
  if (found.problem.status !== 'open') throw new AppError('CONFLICT', 'This problem is already resolved.');
  return found;
}

const clearOnApplication = { deliveryProblem: null, deliveryProblemNote: null, deliveryProblemAt: null };

type OpenProblem = Awaited<ReturnType<typeof lockOpen>>;

/**
 * An admin's act on an open problem: what it writes on the problem, what it changed for the audit trail, and what
 * the creator is told.
 */
type ProblemAct = Pick<AuditChange, 'action' | 'before' | 'after'> & {
  problem: Partial<typeof deliveryProblems.$inferInsert>;
  notice: Notice;
};

/**
 * One admin step on an open problem: in one transaction the problem locked (404, or 409 once resolved), `step`'s
 * writes, then the problem's that it answers, the audit entry of what it says it changed, and the creator's notice;
 * after the commit the creator's mail (a 'shipping and delivery' mail, which the creator may switch off).
 */
async function actOnOpenProblem(
  services: ServiceContext | AtInstant,
  id: number,
  actor: AuditActor,
  step: (tx: DatabaseOrTransaction, row: OpenProblem, now: Date) => Promise<ProblemAct>,
  mail: (row: OpenProblem, appUrl: string) => MailMessage,
  mailKind: string,
) {
  const ctx = atInstant(services);
  const found = await ctx.db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    const { problem, action, before, after, notice } = await step(tx, row, ctx.now);
    await tx.update(deliveryProblems).set(problem).where(eq(deliveryProblems.id, id));
    await recordAdminAction(tx, actor, {
      action,
      entityType: 'delivery_problem',
      entityId: id,
      before,
      after,
      at: ctx.now,
    });
    await notifyCreator(tx, row.creator.id, notice, ctx.now);
    return row;
  });
  await sendCreatorMail(ctx, 'shipping_delivery', mail(found, ctx.appUrl), mailKind);
}

/** The admin answers the creator; the problem stays open (and the posting clock stays stopped). */
export async function replyToProblem(
  services: ServiceContext,
  id: number,
  message: string,
  actor: AuditActor,
) {
  await actOnOpenProblem(
    services,
    id,
    actor,
    async (_tx, row, now) => ({
      problem: { reply: message, repliedAt: now, repliedByName: actor.name },
      action: 'problem.reply',
      before: { reply: row.problem.reply },
      after: { reply: message },
      notice: creatorNotice.problemReply(row.campaign.name, row.problem.kind, message),
    }),
    (row, appUrl) =>
      problemReplyMail(appUrl, row.creator.email, {
        campaign: row.campaign.name,
        kind: row.problem.kind,
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
  const resolution = message ?? 'Resolved by the brand.';
  await actOnOpenProblem(
    services,
    id,
    actor,
    async (tx, row, now) => {
      await tx
        .update(applications)
        .set({ ...clearOnApplication, updatedAt: now })
        .where(eq(applications.id, row.application.id));
      return {
        problem: {
          status: 'resolved',
          resolution,
          resolvedAt: now,
          resolvedByName: actor.name,
          ...replyOf(message, now, actor),
        },
        action: 'problem.resolve',
        before: { status: row.problem.status, resolution: row.problem.resolution },
        after: { status: 'resolved', resolution, ...(message ? { reply: message } : {}) },
        notice: creatorNotice.problemResolved(row.campaign.name, row.problem.kind, message),
      };
    },
    (row, appUrl) =>
      problemResolvedMail(appUrl, row.creator.email, {
        campaign: row.campaign.name,
        kind: row.problem.kind,
        message,
      }),
    'problem-resolved',
  );
}

/** The admin's message written with a resolution, when there is one. */
function replyOf(message: string | undefined, now: Date, actor: AuditActor) {
  return message ? { reply: message, repliedAt: now, repliedByName: actor.name } : {};
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
  const { carrier, trackingNumber, message } = input;
  await actOnOpenProblem(
    ctx,
    id,
    actor,
    async (tx, row, now) => {
      const reshipped = await reshipBox(tx, row, input, now, tracker);
      const shipment = changedFields(
        {
          applicationStatus: row.application.status,
          carrier: row.application.carrier,
          trackingNumber: row.application.trackingNumber,
        },
        { applicationStatus: reshipped.status, carrier, trackingNumber },
      );
      return {
        problem: {
          status: 'resolved',
          reshippedAt: now,
          resolution: `Re-shipped: ${carrier} ${trackingNumber}`,
          resolvedAt: now,
          resolvedByName: actor.name,
          ...replyOf(message, now, actor),
        },
        action: 'problem.reship',
        before: { status: row.problem.status, ...shipment?.before },
        after: { status: 'resolved', ...shipment?.after, ...(message ? { reply: message } : {}) },
        notice: creatorNotice.problemReshipped(row.campaign.name, carrier, trackingNumber),
      };
    },
    (row, appUrl) =>
      problemReshippedMail(appUrl, row.creator.email, {
        campaign: row.campaign.name,
        carrier,
        trackingNumber,
        tracking: trackingUrl(carrier, trackingNumber),
        message,
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
export function myProblems(ctx: ServiceContext, creatorId: number) {
  return listMyProblems(ctx.db, creatorId);
}
