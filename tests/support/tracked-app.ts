import { createAuth } from '../../src/server/auth/auth';
import { createApp } from '../../src/server/http/app';
import type { AppDeps } from '../../src/server/http/context';
import type { Mailer } from '../../src/server/mail/mailer';
import { silentLogger } from '../../src/server/process/logger';
import { type FakeEasypost, startFakeEasypost } from './fake-easypost';
import { testEnv } from './test-app';
import { createTestDatabase } from './test-database';

/** The variables that point the app at the EasyPost stand-in (its key, its webhook secret, its address). */
export const easypostEnv = (fake: FakeEasypost) => ({
  EASYPOST_API_KEY: fake.apiKey,
  EASYPOST_WEBHOOK_SECRET: fake.webhookSecret,
  EASYPOST_API_BASE: `${fake.url}/v2`,
});

/**
 * The app with carrier tracking on (issue 38): the EasyPost stand-in as its tracking service (on the stand-in's
 * clock `now`), a test database of the driver's, the webhook secret shared. Used by the webhook tests and the bench.
 */
export async function startTrackedApp(
  driver: 'pglite' | 'postgres',
  options: { mailer: Mailer; now?: () => Date; appNow?: () => Date } & Partial<
    Pick<AppDeps, 'metrics' | 'lifecycle' | 'logger'>
  >,
) {
  const fake = await startFakeEasypost(options.now ? { now: options.now } : {});
  const database = await createTestDatabase(driver);
  const env = testEnv({ TRUST_PROXY: 'true', ...easypostEnv(fake) });
  const logger = options.logger ?? silentLogger();
  const auth = createAuth({ db: database.db, env, logger });
  const now = options.appNow;
  const app = createApp({
    db: database.db,
    env,
    logger,
    auth,
    mailer: options.mailer,
    ...(now ? { now } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
  });
  return { fake, database, env, auth, app };
}
