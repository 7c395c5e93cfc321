import type { ServiceContext } from '../services/service-context';
import { refreshTrackers } from '../services/tracking/refresh-trackers';
import { applyTrackingEvents } from '../services/tracking/tracking-events';
import type { JobContext, JobDefinition } from './job-definition';

export const TRACKING_EVENTS = 'tracking-events';
export const TRACKING_REFRESH = 'tracking-refresh';

/** Issue 38's timed work (decision 0038), listed in JOB_DEFINITIONS with the jobs' `jobServices`. */
export const trackingJobs = (jobServices: (ctx: JobContext) => ServiceContext): JobDefinition[] => [
  {
    // Every minute: carrier tracking Events kept by the EasyPost webhook are applied (issue 38): delivered starts the
    // posting clock at the carrier's time, a return or failure opens a delivery problem. Nothing kept, nothing to do.
    name: TRACKING_EVENTS,
    cron: '* * * * *',
    async run(ctx) {
      const result = await applyTrackingEvents(jobServices(ctx));
      if (result.applied) ctx.logger.info(result, 'tracking events');
    },
  },
  {
    // Nightly (03:20 UTC): numbers shipped while EasyPost could not be reached are registered again, and trackers
    // quiet for 12 hours are read again, in case a webhook was missed (issue 38). Off without EASYPOST_API_KEY.
    name: TRACKING_REFRESH,
    cron: '20 3 * * *',
    async run(ctx) {
      const result = await refreshTrackers(jobServices(ctx));
      if (result.registered || result.refused || result.read || result.failed) {
        ctx.logger.info(result, 'tracking refresh');
      }
    },
  },
];
