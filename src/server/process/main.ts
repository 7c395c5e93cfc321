import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { type Env, EnvError, loadEnv } from '../../config/env';
import { projectRoot } from '../../config/project-root';
import {
  type InvalidationSubscription,
  listenForInvalidations,
  listenOnPglite,
} from '../../db/cache-invalidation';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedIfEmpty } from '../../db/seed';
import { type Auth, createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import type { ServerLifecycle } from '../http/context';
import { lingeringClose } from '../http/lingering-close';
import type { FileStore } from '../integrations/file-storage/file-store';
import { fileStoreFromEnv } from '../integrations/file-storage/file-store-from-env';
import { paypalClientFromEnv } from '../integrations/paypal/paypal-client';
import { startJobs } from '../jobs/jobs';
import { createMailer } from '../mail/mailer';
import { createFirstAdmin, hasAdmin } from '../services/admin-accounts';
import { repairSocialHandles } from '../services/social-handle-repair';
import { backfillUploads } from '../services/uploads';
import { systemClock } from './clock';
import { createLogger, type Logger } from './logger';
import { countingMailer, createMetrics } from './metrics';
import { shutDown, trackConnections, tuneKeepAlive } from './shutdown';
import { type StartFacts, startBanner, startFacts } from './start-banner';

/**
 * Starts Mintbox: configuration → database → migrations → demo data on first run → HTTP → job worker. SIGTERM or
 * SIGINT shuts it down gracefully (see shutdown.ts).
 */
async function main() {
  // Work this process finds written before this moment belongs to an earlier run (PayPal batches to resume).
  const startedAt = new Date();
  const env = loadEnvOrExit();
  // Readable lines when a person watches the terminal, JSON lines for a log collector (issue 41).
  const pretty = process.stdout.isTTY === true;
  const logger = createLogger({ level: env.logLevel, pretty });
  const started = performance.now();

  const database = await openDatabaseOrExit(env);
  await migrateDatabase(database);
  // DATA_DIR, or the S3 bucket every instance shares (S3_BUCKET).
  const files = fileStoreFromEnv(env);
  await bringDataUpToDate(database.db, env, files, logger);
  const invalidations = await listenForChanges(database, env, logger);

  const metrics = createMetrics({ processMetrics: true });
  const mailer = countingMailer(createMailer(env, logger), metrics);
  const auth = createAuth({ db: database.db, env, logger, mailer });
  const adminExists = await firstAdminFromEnv(database.db, auth, env, logger);
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
    const facts = whatStarted(env, database, files, { port: info.port, adminExists, started });
    if (pretty) logger.info(startBanner(facts));
    else logger.info(startFacts(facts), `Mintbox is running on http://localhost:${info.port}`);
  }) as Server;
  tuneKeepAlive(server);
  // Refusals that close the connection (413 past 16 MB, 414, 431) close it without a reset (issue 42).
  lingeringClose(server);
  const connections = trackConnections(server);

  // The job worker (pg-boss checks and migrates its schema, a few hundred ms) starts once requests are served.
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
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

  stopOnSignals(env, logger, () =>
    shutDown({
      server,
      connections,
      lifecycle,
      logger,
      graceMs: env.shutdownGraceMs,
      stopJobs: async (timeoutMs) => (await jobs).stop({ timeoutMs }),
      close: [async () => invalidations?.close(), () => database.close()],
    }),
  );
}

/** The configuration, or its one-line refusal and exit code 1. */
function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** PostgreSQL (DATABASE_URL) or PGlite in DATA_DIR; a database that does not open is said in one line, exit 1. */
async function openDatabaseOrExit(env: Env): Promise<DatabaseHandle> {
  return openDatabase({
    url: env.databaseUrl,
    dataDir: path.join(env.dataDir, 'pglite'),
  }).catch((error: unknown) => {
    const where = env.databaseUrl ? 'DATABASE_URL' : `the PGlite folder ${path.join(env.dataDir, 'pglite')}`;
    console.error(
      `Cannot open the database (${where}): ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}

/** Rows written before today's rules brought up to them, and the demo data on a first run. */
async function bringDataUpToDate(db: Database, env: Env, files: FileStore, logger: Logger): Promise<void> {
  // Files uploaded before the uploads table get their row (public campaign image, or private evidence); the
  // /uploads handler shows a file without one to admins only, so a failure here hides files but leaks none.
  await backfillUploads(db, files, systemClock()).then(
    (recorded) => {
      if (recorded.public + recorded.private > 0) logger.info(recorded, 'earlier uploads recorded');
    },
    (error: unknown) => logger.error({ err: error }, 'earlier uploads could not be recorded'),
  );
  // Handles saved before the handle rule are reduced to the handle, or taken off with a notice to the creator
  // (issue 24). In the background: a large table does not hold up the start.
  void repairSocialHandles(db, systemClock()).then(
    (repaired) => {
      if (repaired.reduced + repaired.removed > 0) logger.info(repaired, 'earlier social handles repaired');
    },
    (error: unknown) => logger.error({ err: error }, 'earlier social handles could not be repaired'),
  );
  if (env.seedDemoData) {
    const seeded = await seedIfEmpty(db);
    if (seeded) logger.info({ campaigns: seeded.campaigns }, 'first run: demo data seeded');
  }
}

/** Other instances' changes reach this one's caches through LISTEN/NOTIFY (PGlite serves one process only). */
async function listenForChanges(
  database: DatabaseHandle,
  env: Env,
  logger: Logger,
): Promise<InvalidationSubscription | undefined> {
  if (database.driver === 'postgres' && env.databaseUrl) {
    return listenForInvalidations(database.db, { connectionString: env.databaseUrl, logger });
  }
  // The live screens' notices come from database triggers (migration 0041): PGlite's own LISTEN hears them.
  if (database.pglite) await listenOnPglite(database.db, database.pglite);
  return undefined;
}

/** The first admin from ADMIN_EMAIL and ADMIN_PASSWORD when there is none yet; whether an admin exists now. */
async function firstAdminFromEnv(db: Database, auth: Auth, env: Env, logger: Logger): Promise<boolean> {
  if (env.adminEmail && env.adminPassword && !(await hasAdmin(db))) {
    const created = await createFirstAdmin(db, auth, { email: env.adminEmail, password: env.adminPassword });
    if (created) logger.info({}, 'first admin created from ADMIN_EMAIL');
  }
  return hasAdmin(db);
}

/** What the start line says (start-banner.ts). */
function whatStarted(
  env: Env,
  database: DatabaseHandle,
  files: FileStore,
  run: { port: number; adminExists: boolean; started: number },
): StartFacts {
  return {
    appUrl: env.appUrl,
    port: run.port,
    database:
      database.driver === 'pglite'
        ? `PGlite database in ${path.join(env.dataDir, 'pglite')}`
        : 'PostgreSQL (DATABASE_URL)',
    files: files.location,
    payouts: env.paypal ? `PayPal ${env.paypal.environment}` : 'manual',
    mailServer: Boolean(env.smtpUrl),
    hasAdmin: run.adminExists,
    launchMode: env.launchMode,
    startupMs: Math.round(performance.now() - run.started),
  };
}

/** SIGINT or SIGTERM shuts down once (a second Ctrl-C means now), then exits with the shutdown's code. */
function stopOnSignals(env: Env, logger: Logger, shutDownNow: () => Promise<number>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      if (signal === 'SIGINT') process.exit(1);
      return;
    }
    stopping = true;
    logger.info({ signal, graceMs: env.shutdownGraceMs }, 'shutting down');
    process.exit(await shutDownNow());
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
