// npm run dev — the API (with reload on change, via tsx watch) on API_PORT (default 3001) and Vite's dev server
// with hot reload on PORT (default 3000), which forwards /api to the API.
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createServer } from 'vite';
import { loadEnv } from '../../config/env';
import { projectRoot } from '../../config/project-root';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedIfEmpty } from '../../db/seed';
import { createApp } from '../http/app';
import { createLogger } from './logger';

const env = loadEnv();
const logger = createLogger({ level: env.logLevel, pretty: true });
const apiPort = Number(process.env.API_PORT ?? 3001);

const database = await openDatabase({ url: env.databaseUrl, dataDir: path.join(env.dataDir, 'pglite') });
await migrateDatabase(database);
if (env.seedDemoData) await seedIfEmpty(database.db);

const app = createApp({ db: database.db, env, logger });
const api = serve({ fetch: app.fetch, port: apiPort, hostname: '127.0.0.1' });

const vite = await createServer({
  root: projectRoot(),
  server: { port: env.port, proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
});
await vite.listen();
logger.info(`Mintbox dev server on http://localhost:${env.port} (API on ${apiPort})`);

const stop = async () => {
  await vite.close();
  api.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
