import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { payoutLabel } from '../../shared/payouts';
import type { AdminPayout, Payout } from '../../shared/schemas/payout';
import type { DatabaseOrTransaction } from '../client';
import { creators } from '../schema/creators';
import { type PayoutRow, payoutBatches, payoutEvents, payouts } from '../schema/payouts';
import { readRow } from './first-row';

/*
 * Payouts as records: a creator's and an admin's view of one, the row locks a change takes, the history of events.
 * Their status changes only through ./payout-status-writes.ts.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A payout as its creator sees it. */
export function payoutView(row: PayoutRow): Payout {
  return {
    id: row.id,
    label: payoutLabel(row.id),
    amount: row.amount,
    paypalEmail: row.paypalEmail,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    expectedBy: row.expectedBy,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    failedAt: iso(row.failedAt),
    cancelledAt: iso(row.cancelledAt),
    reference: row.reference,
    failureReason: row.failureReason,
    paypalStatus: row.paypalStatus,
    canCancel: row.status === 'pending',
    heldForTaxForm: row.heldForTaxForm && row.status === 'pending',
  };
}

/** The creator's payouts, newest first. */
export async function listMyPayouts(db: DatabaseOrTransaction, creatorId: number): Promise<Payout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.creatorId, creatorId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return rows.map(payoutView);
}

/** Locks one payout for a change (the creator's own when `creatorId` is given). */
export async function lockPayout(tx: DatabaseOrTransaction, id: number, creatorId?: number) {
  const rows = await tx
    .select()
    .from(payouts)
    .where(
      creatorId === undefined
        ? eq(payouts.id, id)
        : and(eq(payouts.id, id), eq(payouts.creatorId, creatorId)),
    )
    .for('update');
  return rows[0] ?? null;
}

export async function findPayoutByKey(tx: DatabaseOrTransaction, creatorId: number, key: string) {
  return readRow(tx, payouts, and(eq(payouts.creatorId, creatorId), eq(payouts.idempotencyKey, key)));
}

/** A line of a payout's history: what happened, who did it, when. */
export interface PayoutEventInput {
  payoutId: number;
  action: string;
  actorUserId: string | null;
  actorName: string;
  detail?: string | null;
  at: Date;
}

/** Several payout events in one insert. */
export async function recordPayoutEvents(tx: DatabaseOrTransaction, events: ReadonlyArray<PayoutEventInput>) {
  if (events.length === 0) return;
  await tx.insert(payoutEvents).values(
    events.map((event) => ({
      payoutId: event.payoutId,
      action: event.action,
      actorUserId: event.actorUserId,
      actorName: event.actorName,
      detail: event.detail ?? null,
      createdAt: event.at,
    })),
  );
}

export async function recordPayoutEvent(tx: DatabaseOrTransaction, event: PayoutEventInput) {
  await recordPayoutEvents(tx, [event]);
}

/** One payout for the admin: its creator, its PayPal batch and its whole history. */
export async function findAdminPayout(db: DatabaseOrTransaction, id: number): Promise<AdminPayout | null> {
  const [row] = await db
    .select({ payout: payouts, creator: creators, batch: payoutBatches })
    .from(payouts)
    .innerJoin(creators, eq(creators.id, payouts.creatorId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(eq(payouts.id, id))
    .limit(1);
  if (!row) return null;
  const events = await db
    .select()
    .from(payoutEvents)
    .where(eq(payoutEvents.payoutId, id))
    .orderBy(asc(payoutEvents.createdAt), asc(payoutEvents.id));
  return {
    ...payoutView(row.payout),
    mode: row.payout.mode,
    creator: {
      id: row.creator.id,
      name: row.creator.name,
      username: row.creator.username,
      email: row.creator.email,
    },
    batch: row.batch
      ? {
          senderBatchId: row.batch.senderBatchId,
          paypalBatchId: row.batch.paypalBatchId,
          status: row.batch.status,
          lastError: row.batch.lastError,
        }
      : null,
    events: events.map((e) => ({
      action: e.action,
      actor: e.actorName,
      detail: e.detail,
      at: e.createdAt.toISOString(),
    })),
  };
}

/** Payouts per status, for the metrics endpoint. */
export async function countPayoutsByStatus(
  db: DatabaseOrTransaction,
): Promise<Array<{ status: string; count: number }>> {
  return db
    .select({ status: payouts.status, count: sql<number>`count(*)::int` })
    .from(payouts)
    .groupBy(payouts.status)
    .orderBy(payouts.status);
}
