import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../http/context';
import { forgetAdminAnswers } from '../services/admin-answers';
import { createServiceContext } from '../services/service-context';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Builds the request's service context once (decision 0025): routes hand `c.get('services')` to the services, and
 * read the clock as `c.get('services').now()`. After a request that may have written, this instance's kept admin
 * pages are forgotten before the answer leaves (decision 0049): the next read never races the database's notice.
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
  if (!READS.has(c.req.method)) forgetAdminAnswers(db);
};
