import type { Database } from '../../../db/client';
import { keepTrackingEvents, type NewTrackingEvent } from '../../../db/queries/tracking';

/** Inserts of webhook Events running at once per database; the Events that arrive meanwhile wait for the next. */
export const INSERTS_IN_FLIGHT = 2;
/** The most Events one insert carries (4 parameters each, a few kilobytes of tracker each). */
export const EVENTS_PER_INSERT = 200;

interface Waiting {
  event: NewTrackingEvent;
  settle: (outcome: { kept: boolean } | { error: unknown }) => void;
}

interface Inbox {
  waiting: Waiting[];
  inFlight: number;
}

const inboxes = new WeakMap<Database, Inbox>();

/**
 * Keeps a webhook Event once by its id, answering after the row is committed (decision 0050): false when it was
 * kept before (a repeat). A group commit: while INSERTS_IN_FLIGHT inserts run, the Events that arrive wait and go
 * together in the next insert, one statement and one commit for all of them, so a burst costs the database a
 * commit per batch instead of one per Event, and an Event arriving alone is inserted at once. When a batch's
 * insert fails, each of its Events is inserted on its own, so one bad Event does not fail the others.
 */
export function keepTrackingEventOnce(db: Database, event: NewTrackingEvent): Promise<boolean> {
  let inbox = inboxes.get(db);
  if (!inbox) {
    inbox = { waiting: [], inFlight: 0 };
    inboxes.set(db, inbox);
  }
  const kept = new Promise<boolean>((resolve, reject) => {
    inbox.waiting.push({
      event,
      settle: (outcome) => ('kept' in outcome ? resolve(outcome.kept) : reject(outcome.error)),
    });
  });
  pump(db, inbox);
  return kept;
}

function pump(db: Database, inbox: Inbox) {
  while (inbox.inFlight < INSERTS_IN_FLIGHT && inbox.waiting.length > 0) {
    const batch = inbox.waiting.splice(0, EVENTS_PER_INSERT);
    inbox.inFlight += 1;
    void insertBatch(db, batch).finally(() => {
      inbox.inFlight -= 1;
      pump(db, inbox);
    });
  }
}

async function insertBatch(db: Database, batch: Waiting[]) {
  // The same Event twice in one batch (EasyPost sending it again at once): the first is inserted, the others are
  // answered as repeats once it is committed.
  const first = new Map<string, Waiting>();
  for (const item of batch) if (!first.has(item.event.eventId)) first.set(item.event.eventId, item);
  try {
    const kept = await keepTrackingEvents(
      db,
      [...first.values()].map((item) => item.event),
    );
    for (const item of batch)
      item.settle({ kept: first.get(item.event.eventId) === item && kept.has(item.event.eventId) });
  } catch (error) {
    if (first.size === 1) {
      for (const item of batch) item.settle({ error });
      return;
    }
    await Promise.all([...first.values()].map((item) => insertAlone(db, item, batch)));
  }
}

/** One Event of a failed batch on its own (with its repeats of the same batch). */
async function insertAlone(db: Database, item: Waiting, batch: Waiting[]) {
  const same = batch.filter((other) => other.event.eventId === item.event.eventId);
  try {
    const kept = (await keepTrackingEvents(db, [item.event])).has(item.event.eventId);
    for (const other of same) other.settle({ kept: other === item && kept });
  } catch (error) {
    for (const other of same) other.settle({ error });
  }
}
