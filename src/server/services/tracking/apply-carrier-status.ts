import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { creatorNameOf } from '../../../db/queries/notifications';
import type { lockApplicationByTracker } from '../../../db/queries/tracking';
import { applications } from '../../../db/schema/applications';
import type { TrackerStatus, TrackerView } from '../../integrations/tracking/easypost-tracking';
import { transition } from '../applications/transition';
import { openDeliveryProblem } from '../delivery-problems';
import { notifyAdmins, notifyCreator } from '../notifications';
import { type CarrierNotice, carrierNotification, carrierProblemAdminNotice } from './tracking-notices';

type Locked = NonNullable<Awaited<ReturnType<typeof lockApplicationByTracker>>>;

/** The carrier statuses that mean the box is not coming: a delivery problem opens with the carrier's words. */
export const CARRIER_PROBLEM_STATUSES: readonly TrackerStatus[] = ['return_to_sender', 'failure'];

/** The carrier's words for a status: the latest scan with it, else the latest scan, else the status itself. */
function wordsFor(tracker: TrackerView, status: TrackerStatus): string {
  const scans = [...tracker.events].reverse();
  const scan = scans.find((e) => e.status === status && e.message) ?? scans.find((e) => e.message);
  return scan?.message ?? status.replace(/_/g, ' ');
}

/** When the carrier delivered: the latest delivered scan's time, else the tracker's time of the change. */
function deliveredTime(tracker: TrackerView): Date {
  const scan = [...tracker.events].reverse().find((e) => e.status === 'delivered');
  const at = scan ? new Date(scan.at) : new Date(NaN);
  return Number.isNaN(at.getTime()) ? new Date(tracker.updatedAt) : at;
}

/**
 * Applies one tracker state to its application, in the caller's transaction (issue 38). A state older than the one
 * kept never moves the box backwards; the same status again changes nothing but the timeline. Answers the mail to
 * send once committed (null: none).
 */
export async function applyCarrierStatus(
  tx: DatabaseOrTransaction,
  locked: Locked,
  tracker: TrackerView,
  now: Date,
): Promise<CarrierNotice | null> {
  const { application, campaign, creator } = locked;
  const carrier = carrierFields(tracker, now);
  if (application.carrierStatusAt && carrier.carrierStatusAt < application.carrierStatusAt) return null;
  const changed = tracker.status !== application.carrierStatus;
  if (!changed) {
    await tx.update(applications).set(carrier).where(eq(applications.id, application.id));
    return null;
  }
  if (tracker.status === 'delivered') return applyDelivered(tx, locked, tracker, carrier, now);
  await tx.update(applications).set(carrier).where(eq(applications.id, application.id));
  if (tracker.status === 'available_for_pickup') {
    const notice: CarrierNotice = {
      kind: 'pickup',
      campaign: campaign.name,
      words: wordsFor(tracker, 'available_for_pickup'),
    };
    await notifyCreator(tx, creator.id, carrierNotification(notice), now);
    return notice;
  }
  if (
    CARRIER_PROBLEM_STATUSES.includes(tracker.status) &&
    ['shipped', 'delivered'].includes(application.status)
  ) {
    return openCarrierProblem(tx, locked, wordsFor(tracker, tracker.status), now);
  }
  return null;
}

/** The tracker's fields an application keeps, written with every state. */
function carrierFields(tracker: TrackerView, now: Date) {
  return {
    carrierStatus: tracker.status,
    carrierStatusAt: new Date(tracker.updatedAt),
    carrierEstDelivery: tracker.estDeliveryDate,
    carrierEvents: tracker.events,
    updatedAt: now,
  };
}
type CarrierFields = ReturnType<typeof carrierFields>;

/** The carrier delivered: a shipped box moves to delivered (the creator is told); one marked already keeps its time. */
async function applyDelivered(
  tx: DatabaseOrTransaction,
  locked: Locked,
  tracker: TrackerView,
  carrier: CarrierFields,
  now: Date,
): Promise<CarrierNotice | null> {
  const { application, campaign, creator } = locked;
  const at = deliveredTime(tracker);
  if (application.status === 'shipped' && !application.deliveredAt) {
    // The carrier is the one who says so; the table's admin move is the step it takes on the brand's behalf.
    await transition(tx, locked, 'mark_delivered', 'admin', {
      ...carrier,
      deliveredAt: at,
      deliveredBy: 'carrier',
    });
    const notice: CarrierNotice = { kind: 'delivered', campaign: campaign.name, at };
    await notifyCreator(tx, creator.id, carrierNotification(notice), now);
    return notice;
  }
  // Already marked by a person: the earlier time is kept, and the carrier's time is noted beside it.
  const earlier = application.deliveredAt && application.deliveredAt < at ? application.deliveredAt : at;
  await tx
    .update(applications)
    .set({ ...carrier, carrierDeliveredAt: at, deliveredAt: application.deliveredAt ? earlier : null })
    .where(eq(applications.id, application.id));
  return null;
}

/** The box is not coming: a delivery problem opens with the carrier's words (admins told once), and the creator. */
async function openCarrierProblem(
  tx: DatabaseOrTransaction,
  { application, campaign, creator }: Locked,
  words: string,
  now: Date,
): Promise<CarrierNotice> {
  const note = `Carrier: ${words}`;
  await tx
    .update(applications)
    .set({ deliveryProblem: 'not_received', deliveryProblemNote: note, deliveryProblemAt: now })
    .where(eq(applications.id, application.id));
  const opened = await openDeliveryProblem(tx, {
    applicationId: application.id,
    kind: 'not_received',
    note,
    now,
  });
  if (opened.created) {
    await notifyAdmins(
      tx,
      carrierProblemAdminNotice(campaign.name, await creatorNameOf(tx, creator.id), words),
      now,
    );
  }
  const notice: CarrierNotice = { kind: 'problem', campaign: campaign.name, words };
  await notifyCreator(tx, creator.id, carrierNotification(notice), now);
  return notice;
}
