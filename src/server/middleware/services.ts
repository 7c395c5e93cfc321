import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../http/context';
import { createServiceContext } from '../services/service-context';

/**
 * Builds the request's service context once (decision 0025): routes hand `c.get('services')` to the services, and
 * read the clock as `c.get('services').now()`.
 */
export const provideServices: MiddlewareHandler<AppBindings> = async (c, next) => {
  const { db, now, mailer, env, logger, paypal, files, tracking, paymentRuns } = c.get('deps');
  c.set(
    'services',
    createServiceContext({
      db,
      now,
      mailer,
      appUrl: env.appUrl,
      logger,
      paypal,
      files,
      tracking,
      paymentRuns,
    }),
  );
  await next();
};
