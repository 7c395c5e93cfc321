import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { applications } from '../../../db/schema/applications';
import { AppError } from '../../http/errors';
import { type AtInstant, atInstant, type ServiceContext } from '../service-context';
import { nextRegistrationTry, registerTracking, trackerColumns } from './register-tracking';

/** Registrations tried per run at most (the rest wait for the next minute). */
export const RETRY_BATCH = 100;

/**
 * Tries again, number by number, the registrations that did not reach the tracking service (issue 38), each at its
 * own time: 1, 2, 4, 8 … minutes after the last try, at most 6 hours apart, 24 tries in all (register-tracking's
 * nextRegistrationTry). Run every minute by the tracking-events job. A number registered gets its tracker; a number
 * the service refuses is left untracked (logged, not tried again); one still not reached waits longer. Numbers
 * saved before the back-off existed (no try recorded) are tried once. Off without EASYPOST_API_KEY.
 */
export async function retryRegistrations(services: ServiceContext, limit = RETRY_BATCH) {
  const result = { registered: 0, refused: 0, waiting: 0 };
  if (!services.tracking) return result;
  const ctx = atInstant(services);
  const due = await ctx.db
    .select({
      id: applications.id,
      carrier: applications.carrier,
      trackingNumber: applications.trackingNumber,
      attempts: applications.trackingAttempts,
    })
    .from(applications)
    .where(
      and(
        eq(applications.status, 'shipped'),
        isNull(applications.trackerId),
        isNotNull(applications.trackingNumber),
        or(
          lte(applications.trackingRetryAt, ctx.now),
          and(isNull(applications.trackingRetryAt), eq(applications.trackingAttempts, 0)),
        ),
      ),
    )
    .orderBy(asc(applications.trackingRetryAt), asc(applications.id))
    .limit(limit);
  for (const row of due) {
    const outcome = await tryOnce(ctx, row);
    result[outcome] += 1;
  }
  return result;
}

type Due = { id: number; carrier: string | null; trackingNumber: string | null; attempts: number };

async function tryOnce(ctx: AtInstant, row: Due) {
  const attempts = row.attempts + 1;
  // Only a row still untracked and at the same try is written (a re-shipment in between wins).
  const same = and(
    eq(applications.id, row.id),
    isNull(applications.trackerId),
    eq(applications.trackingAttempts, row.attempts),
  );
  try {
    const tracker = await registerTracking(ctx, {
      trackingNumber: row.trackingNumber!,
      carrier: row.carrier,
    });
    if (tracker) {
      await ctx.db.update(applications).set(trackerColumns(tracker, ctx.now)).where(same);
      return 'registered' as const;
    }
    const retryAt = nextRegistrationTry(attempts, ctx.now);
    await ctx.db
      .update(applications)
      .set({ trackingAttempts: attempts, trackingRetryAt: retryAt })
      .where(same);
    if (!retryAt) ctx.logger.warn({ applicationId: row.id, attempts }, 'tracking registration given up');
    return 'waiting' as const;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await ctx.db.update(applications).set({ trackingAttempts: attempts, trackingRetryAt: null }).where(same);
    ctx.logger.warn(
      { applicationId: row.id, reason: error.message },
      'a shipped number is refused by tracking',
    );
    return 'refused' as const;
  }
}
