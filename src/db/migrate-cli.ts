// npm run db:migrate — applies the committed migrations to the configured database.
import path from 'node:path';
import { loadEnv } from '../config/env';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const env = loadEnv();
const database = await openDatabase({ url: env.databaseUrl, dataDir: path.join(env.dataDir, 'pglite') });
try {
  await migrateDatabase(database);
  console.log('Migrations applied.');
} finally {
  await database.close();
}
