import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { EnvError, loadEnv } from '../../config/env';
import { projectRoot } from '../../config/project-root';
import {
  type InvalidationSubscription,
  listenForInvalidations,
  listenOnPglite,
} from '../../db/cache-invalidation';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedIfEmpty } from '../../db/seed';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import type { ServerLifecycle } from '../http/context';
import { lingeringClose } from '../http/lingering-close';
import { fileStoreFromEnv } from '../integrations/file-storage/file-store-from-env';
import { paypalClientFromEnv } from '../integrations/paypal/paypal-client';
import { startJobs } from '../jobs/jobs';
import { createMailer } from '../mail/mailer';
import { createFirstAdmin, hasAdmin } from '../services/admin-accounts';
import { repairSocialHandles } from '../services/social-handle-repair';
import { backfillUploads } from '../services/uploads';
import { createLogger } from './logger';
import { countingMailer, createMetrics } from './metrics';
import { shutDown, trackConnections, tuneKeepAlive } from './shutdown';
import { type StartFacts, startBanner, startFacts } from './start-banner';

/**
 * Starts Mintbox: configuration → database → migrations → demo data on first run → job worker → HTTP. SIGTERM or
 * SIGINT shuts it down gracefully (see shutdown.ts).
 */
async function main() {
  // Work this process finds written before this moment belongs to an earlier run (PayPal batches to resume).
  const startedAt = new Date();
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

  // Readable lines when a person watches the terminal, JSON lines for a log collector (issue 41).
  const pretty = process.stdout.isTTY === true;
  const logger = createLogger({ level: env.logLevel, pretty });
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
  // DATA_DIR, or the S3 bucket every instance shares (S3_BUCKET).
  const files = fileStoreFromEnv(env);
  // Files uploaded before the uploads table get their row (public campaign image, or private evidence); the
  // /uploads handler shows a file without one to admins only, so a failure here hides files but leaks none.
  await backfillUploads(database.db, files).then(
    (recorded) => {
      if (recorded.public + recorded.private > 0) logger.info(recorded, 'earlier uploads recorded');
    },
    (error: unknown) => logger.error({ err: error }, 'earlier uploads could not be recorded'),
  );
  // Handles saved before the handle rule are reduced to the handle, or taken off with a notice to the creator
  // (issue 24). In the background: a large table does not hold up the start.
  void repairSocialHandles(database.db).then(
    (repaired) => {
      if (repaired.reduced + repaired.removed > 0) logger.info(repaired, 'earlier social handles repaired');
    },
    (error: unknown) => logger.error({ err: error }, 'earlier social handles could not be repaired'),
  );
  if (env.seedDemoData) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) logger.info({ campaigns: seeded.campaigns }, 'first run: demo data seeded');
  }

  // Other instances' changes reach this one's caches through LISTEN/NOTIFY (PGlite serves one process only).
  let invalidations: InvalidationSubscription | undefined;
  if (database.driver === 'postgres' && env.databaseUrl) {
    invalidations = await listenForInvalidations(database.db, { connectionString: env.databaseUrl, logger });
  } else if (database.pglite) {
    // The live screens' notices come from database triggers (migration 0041): PGlite's own LISTEN hears them.
    await listenOnPglite(database.db, database.pglite);
  }

  const metrics = createMetrics({ processMetrics: true });
  const mailer = countingMailer(createMailer(env, logger), metrics);
  const auth = createAuth({ db: database.db, env, logger, mailer });
  if (env.adminEmail && env.adminPassword && !(await hasAdmin(database.db))) {
    const created = await createFirstAdmin(database.db, auth, {
      email: env.adminEmail,
      password: env.adminPassword,
    });
    if (created) logger.info({}, 'first admin created from ADMIN_EMAIL');
  }
  const adminExists = await hasAdmin(database.db);

  const paypal = paypalClientFromEnv(env);

  const lifecycle: ServerLifecycle = { draining: false };
  const app = createApp({
    db: database.db,
    env,
    logger,
    auth,
    mailer,
    paypal,
    metrics,
    lifecycle,
    files,
    webDir: path.join(projectRoot(), 'dist/web'),
  });

  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    const facts: StartFacts = {
      appUrl: env.appUrl,
      port: info.port,
      database:
        database.driver === 'pglite'
          ? `PGlite database in ${path.join(env.dataDir, 'pglite')}`
          : 'PostgreSQL (DATABASE_URL)',
      files: files.location,
      payouts: env.paypal ? `PayPal ${env.paypal.environment}` : 'manual',
      mailServer: Boolean(env.smtpUrl),
      hasAdmin: adminExists,
      launchMode: env.launchMode,
      startupMs: Math.round(performance.now() - started),
    };
    if (pretty) logger.info(startBanner(facts));
    else logger.info(startFacts(facts), `Mintbox is running on http://localhost:${info.port}`);
  });

  tuneKeepAlive(server as Server);
  // Refusals that close the connection (413 past 16 MB, 414, 431) close it without a reset (issue 42).
  lingeringClose(server as Server);
  const connections = trackConnections(server as Server);

  // The job worker (pg-boss checks and migrates its schema, a few hundred ms) starts once requests are served.
  if (!(server as Server).listening) await new Promise((resolve) => server.once('listening', resolve));
  const jobs = startJobs(database, { env, logger, mailer, metrics, paypal, startedAt, files });
  jobs.catch((error: unknown) => {
    logger.error({ err: error }, 'the job worker did not start');
    process.exit(1);
  });
  metrics.watch({
    pool: database.pool,
    queueDepths: async () => (await jobs).queueDepths(),
    db: database.db,
    logger,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C means now.
      if (signal === 'SIGINT') process.exit(1);
      return;
    }
    stopping = true;
    logger.info({ signal, graceMs: env.shutdownGraceMs }, 'shutting down');
    const code = await shutDown({
      server: server as Server,
      connections,
      lifecycle,
      logger,
      graceMs: env.shutdownGraceMs,
      stopJobs: async (timeoutMs) => (await jobs).stop({ timeoutMs }),
      close: [async () => invalidations?.close(), () => database.close()],
    });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
