import { AppError } from '../../errors';
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

/** The application's carrier columns for a freshly registered tracker (none when untracked). */
export function trackerColumns(tracker: RegisteredTracker) {
  if (!tracker) {
    return {
      trackerId: null,
      carrierStatus: null,
      carrierStatusAt: null,
      carrierEstDelivery: null,
      carrierEvents: null,
    };
  }
  return {
    trackerId: tracker.id,
    carrierStatus: tracker.status,
    carrierStatusAt: new Date(tracker.updatedAt),
    carrierEstDelivery: tracker.estDeliveryDate,
    carrierEvents: tracker.events,
  };
}
