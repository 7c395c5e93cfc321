import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { createApp } from '../../src/server/http/app';
import { silentLogger } from '../../src/server/process/logger';
import { testEnv } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The real app (Better Auth included) on a fresh PGlite database, served by @hono/node-server on a loopback port, for
 * the tests that need a real socket (what happens to a connection, which `app.request` cannot show). Registers its
 * beforeAll and afterAll in the calling `describe`; `port` is read once they ran. `prepare` is given the server
 * before it listens (the production server's `lingeringClose`, say).
 */
export function useServedApp(prepare: (server: Server) => void = () => {}) {
  let database: TestDatabase | undefined;
  let server: Server | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const env = testEnv();
    const logger = silentLogger();
    const app = createApp({
      db: database.db,
      env,
      logger,
      auth: createAuth({ db: database.db, env, logger }),
    });
    const served = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    server = served;
    prepare(served);
    if (!served.listening) await new Promise((resolve) => served.once('listening', resolve));
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await database?.destroy();
  });

  return {
    get port() {
      if (!server) throw new Error('useServedApp: read inside a test or a later hook');
      return (server.address() as AddressInfo).port;
    },
  };
}
