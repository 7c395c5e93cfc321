import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CarrierTracking } from '../../shared/schemas/application';
import type { DatabaseOrTransaction } from '../client';
import { type ApplicationRow, applications } from '../schema/applications';
import { trackingWebhookEvents } from '../schema/shipping';
import { applicationsWithParties } from './application-lifecycle-reads';

export interface NewTrackingEvent {
  eventId: string;
  trackerId: string;
  tracker: unknown;
  receivedAt: Date;
}

/**
 * Keeps webhook Events once by their ids, in one statement (one commit for all of them); answers the ids it kept,
 * so an id missing from the answer was kept before (a repeat). The ids must be distinct.
 */
export async function keepTrackingEvents(db: DatabaseOrTransaction, events: NewTrackingEvent[]) {
  // The batch as one JSON parameter: one text for every batch size (the server plans it once), and no per-value
  // mapping of a few hundred parameters (drizzle's jsonb mapping was a tenth of an acknowledgement's CPU).
  const batch = JSON.stringify(
    events.map((e) => ({ id: e.eventId, tracker_id: e.trackerId, tracker: e.tracker, at: e.receivedAt })),
  );
  const result = await db.execute(sql`
    insert into tracking_webhook_events (event_id, tracker_id, tracker, received_at)
    select e->>'id', e->>'tracker_id', e->'tracker', (e->>'at')::timestamptz
    from jsonb_array_elements(${batch}::jsonb) as e
    on conflict (event_id) do nothing
    returning event_id`);
  return new Set((result as unknown as { rows: Array<{ event_id: string }> }).rows.map((r) => r.event_id));
}

/** The ids of events not applied yet, oldest first. */
export async function pendingTrackingEventIds(db: DatabaseOrTransaction, limit: number) {
  const rows = await db
    .select({ eventId: trackingWebhookEvents.eventId })
    .from(trackingWebhookEvents)
    .where(isNull(trackingWebhookEvents.appliedAt))
    .orderBy(asc(trackingWebhookEvents.receivedAt))
    .limit(limit);
  return rows.map((r) => r.eventId);
}

/** One pending event, locked (skipped when another worker holds it); null when applied or taken. */
export async function lockPendingTrackingEvent(tx: DatabaseOrTransaction, eventId: string) {
  const [row] = await tx
    .select()
    .from(trackingWebhookEvents)
    .where(and(eq(trackingWebhookEvents.eventId, eventId), isNull(trackingWebhookEvents.appliedAt)))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function markTrackingEventApplied(tx: DatabaseOrTransaction, eventId: string, at: Date) {
  await tx
    .update(trackingWebhookEvents)
    .set({ appliedAt: at })
    .where(eq(trackingWebhookEvents.eventId, eventId));
}

/** The application whose box a tracker follows, with its campaign and creator, locked; null when none. */
export async function lockApplicationByTracker(tx: DatabaseOrTransaction, trackerId: string) {
  const [row] = await applicationsWithParties(tx)
    .where(eq(applications.trackerId, trackerId))
    .orderBy(asc(applications.id))
    .limit(1)
    .for('update', { of: applications });
  return row ?? null;
}

/** The carrier's view of an application's box for the API (null when never tracked nor delivered). */
export function carrierTrackingOf(a: ApplicationRow): CarrierTracking | null {
  if (!a.trackerId && !a.deliveredAt) return null;
  return {
    status: a.carrierStatus,
    statusAt: a.carrierStatusAt?.toISOString() ?? null,
    estimatedDelivery: a.carrierEstDelivery,
    events: a.carrierEvents ?? [],
    deliveredAt: a.deliveredAt?.toISOString() ?? null,
    deliveredBy: a.deliveredBy,
    carrierDeliveredAt: a.carrierDeliveredAt?.toISOString() ?? null,
  };
}
