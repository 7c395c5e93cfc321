import type { ServiceContext } from '../services/service-context';
import { refreshTrackers } from '../services/tracking/refresh-trackers';
import { retryRegistrations } from '../services/tracking/registration-retry';
import { applyTrackingEvents } from '../services/tracking/tracking-events';
import type { JobContext, JobDefinition } from './job-definition';

export const TRACKING_EVENTS = 'tracking-events';
export const TRACKING_REFRESH = 'tracking-refresh';

/** Issue 38's timed work (decision 0038), listed in JOB_DEFINITIONS with the jobs' `jobServices`. */
export const trackingJobs = (jobServices: (ctx: JobContext) => ServiceContext): JobDefinition[] => [
  {
    // Every minute: carrier tracking Events kept by the EasyPost webhook are applied (issue 38): delivered starts the
    // posting clock at the carrier's time, a return or failure opens a delivery problem. Then the registrations that
    // did not reach EasyPost and are due are tried again, each number on its own back-off. Nothing due, nothing done.
    name: TRACKING_EVENTS,
    cron: '* * * * *',
    async run(ctx) {
      const services = jobServices(ctx);
      const result = await applyTrackingEvents(services);
      if (result.applied) ctx.logger.info(result, 'tracking events');
      const retried = await retryRegistrations(services);
      if (retried.registered || retried.refused || retried.waiting) {
        ctx.logger.info(retried, 'tracking registrations tried again');
      }
    },
  },
  {
    // Nightly (03:20 UTC): trackers quiet for 12 hours that are not final are read again, in case a webhook was
    // missed (issue 38). Off without EASYPOST_API_KEY.
    name: TRACKING_REFRESH,
    cron: '20 3 * * *',
    async run(ctx) {
      const result = await refreshTrackers(jobServices(ctx));
      if (result.read || result.failed) ctx.logger.info(result, 'tracking refresh');
    },
  },
];
