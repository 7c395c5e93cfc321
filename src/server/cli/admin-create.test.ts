import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../config/project-root';
import { lockPgliteFolder } from '../../db/pglite-lock';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-admin-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin:create', () => {
  it('says in one line what to do while the server has the embedded database open', async () => {
    // This test process plays the running server: it holds the PGlite folder's lock, as `npm start` does.
    const release = lockPgliteFolder(path.join(dataDir, 'pglite'));
    try {
      const failure = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/server/cli/admin-create.ts',
          '--email',
          'ops@example.com',
          '--password',
          'a long enough password',
        ],
        { cwd: projectRoot(), env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, timeout: 30_000 },
      ).catch((error: { code?: number; stderr?: string }) => error);
      expect((failure as { code?: number }).code).toBe(1);
      const stderr = (failure as { stderr: string }).stderr.trim();
      expect(stderr.split('\n')).toHaveLength(1);
      expect(stderr).toBe(
        `The running server (process ${process.pid}) has the embedded database in ${path.join(dataDir, 'pglite')} open: stop it (Ctrl-C), run npm run admin:create again, then start it; with DATABASE_URL (PostgreSQL) this command works while the server runs.`,
      );
    } finally {
      release();
    }
  });
});
