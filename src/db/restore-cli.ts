// npm run db:restore -- FILE [--force] — brings a backup from npm run db:backup back (see backup.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env';
import { BackupError, type BackupTarget, restoreDatabase } from './backup';
import { DatabaseInUseError } from './pglite-lock';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('Usage: npm run db:restore -- FILE [--force]   (FILE from npm run db:backup)');
  process.exit(2);
}
const env = loadEnv();
const target: BackupTarget = env.databaseUrl
  ? { kind: 'postgres', url: env.databaseUrl }
  : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') };
try {
  await restoreDatabase(target, path.resolve(file), { force: values.force });
  console.log(`Restored ${path.resolve(file)}. Start the server: it applies any newer migrations.`);
} catch (error) {
  if (error instanceof BackupError || error instanceof DatabaseInUseError) {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
