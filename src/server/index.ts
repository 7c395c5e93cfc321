import path from 'node:path';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';
import { createApp } from './app';
import { createAuth } from './auth';
import { EnvError, loadEnv } from './env';
import { startJobs } from './jobs/jobs';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { paypalClientFromEnv } from './payouts/paypal-client';
import { projectRoot } from './project-root';
import { hasAdmin, upsertAdmin } from './services/admin-accounts';

/** Starts Mintbox: configuration → database → migrations → demo data on first run → HTTP. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger({
    level: env.logLevel,
    pretty: env.nodeEnv !== 'production' && process.stdout.isTTY,
  });
  const started = performance.now();

  const database = await openDatabase({
    url: env.databaseUrl,
    dataDir: path.join(env.dataDir, 'pglite'),
  }).catch((error: unknown) => {
    const where = env.databaseUrl ? 'DATABASE_URL' : `the PGlite folder ${path.join(env.dataDir, 'pglite')}`;
    console.error(
      `Cannot open the database (${where}): ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
  await migrateDatabase(database);
  if (env.seedDemoData) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) logger.info({ campaigns: seeded.campaigns }, 'first run: demo data seeded');
  }

  const mailer = createMailer(env, logger);
  const auth = createAuth({ db: database.db, env, logger, mailer });
  if (env.adminEmail && env.adminPassword && !(await hasAdmin(database.db))) {
    await upsertAdmin(database.db, auth, { email: env.adminEmail, password: env.adminPassword });
    logger.info({ email: env.adminEmail }, 'first admin created from ADMIN_EMAIL');
  }

  const paypal = paypalClientFromEnv(env);
  const jobs = await startJobs(database, { env, logger, mailer, paypal });

  const app = createApp({
    db: database.db,
    env,
    logger,
    auth,
    mailer,
    paypal,
    webDir: path.join(projectRoot(), 'dist/web'),
  });

  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    logger.info(
      {
        url: env.appUrl,
        port: info.port,
        database:
          database.driver === 'pglite' ? `PGlite at ${path.join(env.dataDir, 'pglite')}` : 'PostgreSQL',
        launchMode: env.launchMode,
        payouts: env.paypal ? `PayPal ${env.paypal.environment}` : 'manual',
        startupMs: Math.round(performance.now() - started),
      },
      `Mintbox is running on http://localhost:${info.port}`,
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close(async () => {
      await jobs.stop().catch(() => undefined);
      await database.close().catch(() => undefined);
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
