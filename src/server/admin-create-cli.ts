// npm run admin:create -- --email E --password P [--username U] [--name N]
// Creates an admin account (or makes an existing account an admin with this password).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createAuth } from './auth';
import { silentLogger } from './logger';
import { upsertAdmin } from './services/admin-accounts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    username: { type: 'string' },
    name: { type: 'string' },
  },
});
if (!values.email || !values.password) {
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password "a long password" [--username U]',
  );
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabase({ url: env.databaseUrl, dataDir: path.join(env.dataDir, 'pglite') });
try {
  await migrateDatabase(database);
  const auth = createAuth({ db: database.db, env, logger: silentLogger() });
  const result = await upsertAdmin(database.db, auth, {
    email: values.email,
    password: values.password,
    username: values.username,
    name: values.name,
  });
  console.log(
    result.created ? `Admin ${values.email} created.` : `${values.email} is now an admin (password updated).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
