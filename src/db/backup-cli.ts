// npm run db:backup [-- --out FILE] — writes a consistent snapshot of the configured database (see backup.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env';
import { BackupError, type BackupTarget, backupDatabase, backupScope, defaultBackupFile } from './backup';
import { DatabaseInUseError } from './pglite-lock';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const env = loadEnv();
const target: BackupTarget = env.databaseUrl
  ? { kind: 'postgres', url: env.databaseUrl }
  : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') };
const file = path.resolve(values.out ?? defaultBackupFile(path.join(env.dataDir, 'backups'), target));
try {
  const result = await backupDatabase(target, file);
  console.log(
    `Backup written: ${result.file} (${(result.bytes / 1_048_576).toFixed(2)} MB, ${result.format})`,
  );
  console.log(backupScope(env));
} catch (error) {
  if (error instanceof BackupError || error instanceof DatabaseInUseError) {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
