import { existsSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { projectRoot } from '../../src/config/project-root';
import type { Database } from '../../src/db/client';
import { createApp } from '../../src/server/http/app';
import type { AppDeps } from '../../src/server/http/context';
import { silentLogger } from '../../src/server/process/logger';
import { tuneKeepAlive } from '../../src/server/process/shutdown';
import { closeHttpServer, listen, trackSockets, WAIT_LIMITS, within } from './bounded';
import { freePort } from './free-port';
import { listenForChanges } from './listen';
import { testEnv } from './test-app';
import { createTestDatabase, JOURNEY_DRIVER, type TestDatabase } from './test-database';

export interface E2EServer {
  url: string;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real application (API and the built SPA from dist/web) on a random local port, over a fresh database of its
 * own (JOURNEY_DRIVER: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise).
 * `seed` runs before the server accepts requests. Run `npm run build` first (npm test does).
 */
export async function startE2EServer(
  options: {
    seed?: (db: Database) => Promise<unknown>;
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /** Listen on this port (default: any free one); with freePort() a test can set APP_URL to the real address. */
    port?: number;
  } = {},
): Promise<E2EServer> {
  const webDir = path.join(projectRoot(), 'dist/web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` before the browser tests (npm test does it)');
  }
  const database = await within(
    "the e2e server's database: create",
    WAIT_LIMITS.database,
    createTestDatabase(JOURNEY_DRIVER),
  );
  if (options.seed) await options.seed(database.db);
  // As the server does at start-up: the live screens' notices (database triggers) reach this app (issue 40), from
  // PGlite's channel or a LISTEN connection of its own on PostgreSQL (its schema's notices only).
  const stopListening = await listenForChanges(database);

  // The app's own address is where the browser finds it (Better Auth refuses a signed-in call from another origin,
  // such as the enrolment of an authenticator), unless the test names one.
  const port = options.port ?? (options.env?.APP_URL ? 0 : await freePort());
  const env = options.env?.APP_URL ? options.env : { APP_URL: `http://127.0.0.1:${port}`, ...options.env };
  const app = createApp({
    db: database.db,
    env: testEnv(env),
    logger: silentLogger(),
    webDir,
    ...options.deps,
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as HttpServer;
  // Keep-alive as the server process has it (70 s). With Node's default of 5 s, the same as the idle timeout of
  // Node's own HTTP agent (Playwright's `context.request`), a request sent on a kept connection as the server closed
  // it met ECONNRESET: once in CI, the shipping-problems journey's admin sign-in on a loaded machine.
  tuneKeepAlive(server);
  const sockets = trackSockets(server);
  await listen(server, 'the e2e server', port);
  const listening = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${listening}`,
    db: database.db,
    database,
    close: async () => {
      try {
        await closeHttpServer(server, `the e2e server on port ${listening}`, sockets);
      } finally {
        await stopListening();
        await within(`the e2e server's database: destroy`, WAIT_LIMITS.database, database.destroy());
      }
    },
  };
}
