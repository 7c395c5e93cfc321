import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnv } from '../../src/config/env';
import { listenForInvalidations, listenOnPglite } from '../../src/db/cache-invalidation';
import { createAuth } from '../../src/server/auth/auth';
import { createApp } from '../../src/server/http/app';
import { localAreaDir } from '../../src/server/integrations/file-storage/local-file-store';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { setAdminAnswerCache } from '../../src/server/services/admin-answers';
import type { BenchDatabase } from '../database';
import { BOX_MANAGER } from './seed';

/**
 * The box bench's app on the bench database: a temporary data folder, the Manager it reads as (a Manager reads every
 * page of the review and needs no second factor, issue 39, so a run signs in once), and the database's change
 * notices heard as a real instance hears them. `close` stops listening and removes the folder.
 */
export async function boxApp(bench: BenchDatabase) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-bench-box-'));
  mkdirSync(localAreaDir(dataDir, 'uploads'), { recursive: true });
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  const logger = silentLogger();
  const db = bench.handle.db;
  await upsertAdmin(db, createAuth({ db, env, logger }), { ...BOX_MANAGER, role: 'manager' });
  const stopHearing = await hearChanges(bench);
  return {
    app: createApp({ db, env, logger }),
    close: async () => {
      await stopHearing();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes the bench's app hear the database's change notices, as `src/server/process/main.ts` does for a real instance (the
 * kept admin pages are kept only while it does, decision 0049); BOX_ANSWER_CACHE=0 keeps none, to show the cost of
 * computing every answer. Returns how to stop listening.
 */
async function hearChanges(bench: BenchDatabase): Promise<() => Promise<void>> {
  setAdminAnswerCache(process.env.BOX_ANSWER_CACHE !== '0');
  if (bench.pglite) return listenOnPglite(bench.handle.db, bench.pglite);
  if (!bench.postgres) throw new Error('no database to hear');
  const listening = await listenForInvalidations(bench.handle.db, {
    connectionString: bench.postgres.url,
    logger: silentLogger(),
    schema: bench.postgres.searchPath,
  });
  return () => listening.close();
}
