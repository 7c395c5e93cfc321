// npm run db:seed — adds the demo catalogue (again) to the configured database.
import path from 'node:path';
import { loadEnv } from '../config/env';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { seedDemoData } from './seed';

const env = loadEnv();
const database = await openDatabase({ url: env.databaseUrl, dataDir: path.join(env.dataDir, 'pglite') });
try {
  await migrateDatabase(database);
  const result = await seedDemoData(database.db);
  console.log(`Seeded ${result.campaigns} demo campaigns.`);
} finally {
  await database.close();
}
