import { and, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { type ApplicationRow, applications } from '../../../db/schema/applications';
import type { CampaignType } from '../../../shared/constants';
import { shipsBox } from '../../../shared/constants';
import {
  type ApplicationAction,
  allowedActions,
  findMove,
  type LifecycleActor,
} from '../../../shared/lifecycle/moves';
import { refusalMessage } from '../../../shared/lifecycle/refusals';
import type { ApplicationStatus } from '../../../shared/lifecycle/statuses';
import { AppError, MoveRefusedError } from '../../http/errors';
import { applyStockMove } from '../products/stock';

/** The application being moved (as read under its row lock) and its campaign's type. */
export interface TransitionSubject {
  application: { id: number; status: ApplicationStatus };
  campaign: { type: CampaignType };
}

/** The columns a step writes beside the status (never the status itself, which the table decides). */
export type TransitionChanges = Omit<Partial<typeof applications.$inferInsert>, 'status' | 'id'>;

/** A step the table of moves does not allow at the application's status: the 409 of every refused move. */
export { MoveRefusedError as TransitionError } from '../../http/errors';

/** Refuses `action` at the subject's status, with the table's allowed actions (a message of the step's own, if given). */
export function refuseTransition(
  subject: TransitionSubject,
  action: ApplicationAction,
  actor: LifecycleActor,
  message?: string,
): never {
  const box = shipsBox(subject.campaign.type);
  throw new MoveRefusedError(
    message ?? refusalMessage(action, subject.application, box),
    allowedActions(subject.application.status, actor, box),
  );
}

/** Throws the 409 unless the table lets `actor` take `action` at the subject's status; answers the new status. */
export function checkTransition(
  subject: TransitionSubject,
  action: ApplicationAction,
  actor: LifecycleActor,
): ApplicationStatus {
  const move = findMove(subject.application.status, action, actor, shipsBox(subject.campaign.type));
  if (!move) refuseTransition(subject, action, actor);
  return move.to;
}

/**
 * The one way an application's status changes: checks the move against the table (src/shared/lifecycle/moves.ts), then
 * writes the new status with `changes` only where the status is still the one read, so two racing requests cannot
 * both move it (the loser gets the same 409 as any refused move, from the status it finds). A move with a `stock`
 * effect reserves or gives back the boxes of the creator's chosen variants in the same transaction (409 SOLD_OUT).
 */
export async function transition(
  tx: DatabaseOrTransaction,
  subject: TransitionSubject,
  action: ApplicationAction,
  actor: LifecycleActor,
  changes: TransitionChanges = {},
): Promise<ApplicationRow> {
  const to = checkTransition(subject, action, actor);
  const { id, status: from } = subject.application;
  const [row] = await tx
    .update(applications)
    .set({ ...changes, status: to })
    .where(and(eq(applications.id, id), eq(applications.status, from)))
    .returning();
  if (row) {
    // The boxes of the chosen variants follow the move (reserved at acceptance, given back before shipping).
    const stock = findMove(from, action, actor, shipsBox(subject.campaign.type))?.stock;
    if (stock) await applyStockMove(tx, id, stock, actor);
    return row;
  }
  const [now] = await tx
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, id))
    .limit(1);
  if (!now) throw new AppError('NOT_FOUND', 'Application not found');
  return refuseTransition({ ...subject, application: { id, status: now.status } }, action, actor);
}
