import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertDatabaseLane,
  databaseReason,
  PURE_LANE_ENV,
  unitTestLanes,
} from '../../scripts/test-lanes.mjs';
import { projectRoot } from '../../src/config/project-root';

describe('test lanes (decision 0022)', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'mintbox-lanes-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  };
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('puts a file in the database lane when it reaches a database helper, also through another helper', () => {
    write('tests/support/test-database.ts', 'export const createTestDatabase = 1;\n');
    write('tests/support/pglite-template.ts', 'export const pgliteTemplate = 1;\n');
    write('tests/support/seeded.ts', "import {\n  createTestDatabase,\n} from './test-database';\n");
    write('tests/support/clock.ts', 'export const clock = 1;\n');
    write('src/a.test.ts', "import { clock } from '../tests/support/clock';\n");
    write('src/b.test.ts', "import { seeded } from '../tests/support/seeded';\n");
    write('src/c.test.ts', "import type { Database } from './db/client';\n");
    write('src/db/client.ts', 'export type Database = 1;\n');
    write('src/d.test.ts', "import pg from 'pg';\n");
    write('src/e.test.ts', "const m = await import('../tests/support/test-database');\n");
    expect(unitTestLanes(scratch)).toEqual({
      pure: ['src/a.test.ts'],
      database: ['src/b.test.ts', 'src/c.test.ts', 'src/d.test.ts', 'src/e.test.ts'],
    });
    expect(databaseReason(scratch, 'src/b.test.ts')).toBe('imports tests/support/seeded.ts');
  });

  it('runs the API suites in the database lane and the shared and web rules in the pure lane', () => {
    const { pure, database } = unitTestLanes(projectRoot());
    expect(database).toContain('src/server/routes/lifecycle.test.ts');
    expect(database).toContain('src/server/http/openapi-fuzz.test.ts');
    expect(pure).toContain('src/shared/paths.test.ts');
    expect(pure).toContain('src/web/lib/cn.test.ts');
    expect(pure).toContain('tests/support/test-lanes.test.ts');
    expect(pure.filter((file) => file.startsWith('src/shared/') || file.startsWith('src/web/lib/'))).toEqual(
      pure.filter((file) => /^src\/(shared|web\/lib)\//.test(file)),
    );
  });

  it('refuses a test database in the pure lane, with the reason', () => {
    expect(process.env[PURE_LANE_ENV]).toBe('pure');
    expect(() => assertDatabaseLane('createTestDatabase')).toThrow(
      /createTestDatabase in the pure test lane/,
    );
  });
});
