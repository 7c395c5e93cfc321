// npm run admin:create -- --email E --password P [--username U] [--name N] [--role owner|manager|finance|viewer]
// Creates an admin account (or makes an existing account an admin with this password).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '../../config/env';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { DatabaseInUseError } from '../../db/pglite-lock';
import { ADMIN_ROLES, type AdminRole } from '../../shared/admin-permissions';
import { createAuth } from '../auth/auth';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    username: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
  },
});
if (values.role !== undefined && !(ADMIN_ROLES as readonly string[]).includes(values.role)) {
  console.error(`--role must be one of ${ADMIN_ROLES.join(', ')} (a new admin is an owner by default)`);
  process.exit(2);
}
if (!values.email || !values.password) {
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password "a long password" [--username U]',
  );
  process.exit(2);
}

/** Stops with one line (no stack trace) for what the operator can fix: the configuration, a database in use. */
function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) stop(error.message);
  throw error;
}
const pgliteDir = path.join(env.dataDir, 'pglite');
const database = await openDatabase({ url: env.databaseUrl, dataDir: pgliteDir }).catch((error: unknown) => {
  // The embedded database serves one process: while the server runs, only the server can write to it.
  if (error instanceof DatabaseInUseError) {
    stop(
      `The running server (process ${error.holderPid}) has the embedded database in ${pgliteDir} open: stop it (Ctrl-C), run npm run admin:create again, then start it; with DATABASE_URL (PostgreSQL) this command works while the server runs.`,
    );
  }
  throw error;
});
try {
  await migrateDatabase(database);
  const auth = createAuth({ db: database.db, env, logger: silentLogger() });
  const result = await upsertAdmin(database.db, auth, {
    email: values.email,
    password: values.password,
    username: values.username,
    name: values.name,
    role: values.role as AdminRole | undefined,
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
