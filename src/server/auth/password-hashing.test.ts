import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { passwordHashing } from './password-hashing';

describe('password hashing', () => {
  it('hashes as Better Auth does at the standard cost: salt:key, read by its own verifier', async () => {
    const standard = passwordHashing('standard');
    const hash = await standard.hash('correct horse battery');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await standard.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await standard.verify({ hash, password: 'wrong horse battery' })).toBe(false);
  });

  it('marks low-cost hashes, which only a low-cost app reads; a standard app never signs one in', async () => {
    const low = passwordHashing('low');
    const hash = await low.hash('correct horse battery');
    expect(hash.startsWith('scrypt-low$')).toBe(true);
    expect(await low.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await low.verify({ hash, password: 'correct horse batterY' })).toBe(false);
    expect(await passwordHashing('standard').verify({ hash, password: 'correct horse battery' })).toBe(false);
    // A low-cost app still reads standard hashes (an account made by a server process).
    const standardHash = await passwordHashing('standard').hash('pass phrase one');
    expect(await low.verify({ hash: standardHash, password: 'pass phrase one' })).toBe(true);
  });

  it('is standard unless set, and the low cost is refused in production', () => {
    const base = {
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: '/tmp/mintbox-env',
    };
    expect(loadEnv({ ...base, NODE_ENV: 'development' }).passwordHashCost).toBe('standard');
    expect(loadEnv({ ...base, NODE_ENV: 'test', PASSWORD_HASH_COST: 'low' }).passwordHashCost).toBe('low');
    expect(() => loadEnv({ ...base, NODE_ENV: 'production', PASSWORD_HASH_COST: 'low' })).toThrow(
      /PASSWORD_HASH_COST=low is refused in production/,
    );
  });
});
