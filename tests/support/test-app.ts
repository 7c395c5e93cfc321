import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Env, loadEnv } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import { createApp } from '../../src/server/http/app';
import type { AppDeps } from '../../src/server/http/context';
import { silentLogger } from '../../src/server/process/logger';

/** Configuration for tests: a throwaway data folder and a fixed secret; `overrides` are raw variables. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mintbox-test-')),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    APP_URL: 'http://localhost:3000',
    SEED_DEMO_DATA: 'false',
    // Sign-ups and sign-ins by the thousand: scrypt at a low cost (server processes and a production-mode app keep
    // the standard one, which production requires).
    PASSWORD_HASH_COST: overrides.NODE_ENV === 'production' ? 'standard' : 'low',
    ...overrides,
  });
}

/** The real application on a test database, called in-process with `app.request(path)`. */
export function createTestApp(db: Database, deps: Partial<AppDeps> = {}) {
  return createApp({ db, env: testEnv(), logger: silentLogger(), ...deps });
}
