import { AppError } from '../../http/errors';
import type { TrackerView } from '../../integrations/tracking/easypost-tracking';
import type { ServiceContext } from '../service-context';

/** What a registration gave: the tracker to keep on the application, or null (tracking off, or not reached). */
export type RegisteredTracker = TrackerView | null;

/**
 * Registers a tracking number with the tracking service (issue 38), before anything is saved: typed numbers (the
 * admin's shipment), CSV rows, and a store's fulfilment (issue 37 calls this too). A number the service refuses is a
 * 400 on `trackingNumber` with the service's reason in its own words; tracking switched off (no EASYPOST_API_KEY)
 * or a service that cannot be reached keeps the number untracked (logged), so a shipment is never blocked by it.
 */
export async function registerTracking(
  ctx: Pick<ServiceContext, 'tracking' | 'logger'>,
  input: { trackingNumber: string; carrier: string | null },
): Promise<RegisteredTracker> {
  if (!ctx.tracking) return null;
  let result: Awaited<ReturnType<NonNullable<ServiceContext['tracking']>['register']>>;
  try {
    result = await ctx.tracking.register({
      trackingCode: input.trackingNumber.replace(/\s/g, ''),
      carrier: input.carrier?.trim() || null,
    });
  } catch (error) {
    ctx.logger.warn({ err: error, kind: 'tracking' }, 'the tracking service could not be reached');
    return null;
  }
  if (!result.ok) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The carrier tracking service refused this tracking number: ${result.reason}`,
      {},
      undefined,
      'trackingNumber',
    );
  }
  return result.tracker;
}

/** The first wait before a registration that did not reach the tracking service is tried again; doubled each time. */
export const RETRY_FIRST_MS = 60_000;
/** The longest wait between two tries of one number (6 hours). */
export const RETRY_MAX_MS = 6 * 3_600_000;
/** Tries of one number before it is left untracked (about four days of tries at the longest wait). */
export const RETRY_MAX_ATTEMPTS = 24;

/** When a number whose registration failed `attempts` times is tried again: 1, 2, 4, 8 … minutes, at most 6 hours. */
export function nextRegistrationTry(attempts: number, now: Date): Date | null {
  if (attempts >= RETRY_MAX_ATTEMPTS) return null;
  const wait = Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
  return new Date(now.getTime() + wait);
}

/**
 * The application's carrier columns for a freshly registered tracker; when none (tracking off or not reached), the
 * number is kept untracked and its registration tried again after the first wait (services/tracking/registration-retry).
 */
export function trackerColumns(tracker: RegisteredTracker, now: Date) {
  if (!tracker) {
    return {
      trackerId: null,
      carrierStatus: null,
      carrierStatusAt: null,
      carrierEstDelivery: null,
      carrierEvents: null,
      trackingAttempts: 1,
      trackingRetryAt: nextRegistrationTry(1, now),
    };
  }
  return {
    trackerId: tracker.id,
    carrierStatus: tracker.status,
    carrierStatusAt: new Date(tracker.updatedAt),
    carrierEstDelivery: tracker.estDeliveryDate,
    carrierEvents: tracker.events,
    trackingAttempts: 0,
    trackingRetryAt: null,
  };
}
