import type { ServiceContext } from '../services/service-context';
import { storeAccessFromEnv } from '../services/stores/store-access';
import { applyStoreWebhookEvents } from '../services/stores/store-webhooks';
import { syncAllStores } from '../services/stores/sync';
import type { JobContext, JobDefinition } from './job-definition';

export const STORE_SYNC = 'store-sync';
export const STORE_WEBHOOKS = 'store-webhooks';

/** Brands' Shopify stores' timed work (issue 37, decision 0040), listed in JOB_DEFINITIONS. */
export const storeJobs = (jobServices: (ctx: JobContext) => ServiceContext): JobDefinition[] => [
  {
    // Daily (04:35 UTC): every connected store's products are read again; imported variants are brought up to date
    // and one deleted in the store becomes unavailable (its store shows what to do). No store, nothing to do.
    name: STORE_SYNC,
    cron: '35 4 * * *',
    async run(ctx) {
      const result = await syncAllStores(jobServices(ctx), storeAccessFromEnv(ctx.env));
      if (result.synced || result.failed) ctx.logger.info(result, 'store sync');
    },
  },
  {
    // Every minute: store webhooks kept but not applied (the instance stopped right after answering) are applied.
    name: STORE_WEBHOOKS,
    cron: '* * * * *',
    async run(ctx) {
      const result = await applyStoreWebhookEvents(jobServices(ctx));
      if (result.applied) ctx.logger.info(result, 'store webhooks');
    },
  },
];
