import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * How passwords are hashed (decision 0022's amendment of 2026-11-26). `standard` is Better Auth's own scrypt
 * (N=16384, r=16, p=1: about 90 ms of CPU a hash), written as its `salt:key`, which names no cost; it is the only
 * cost outside tests. `low` (PASSWORD_HASH_COST=low, refused in production) is scrypt at N=1024, r=8 for the test
 * suite's in-process apps, which sign up and sign in thousands of times; its hashes carry their own prefix, so they
 * can never be mistaken for standard ones, and a standard app refuses them.
 */
export type PasswordHashCost = 'standard' | 'low';

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

const LOW_PREFIX = 'scrypt-low$';
const LOW = { N: 1024, r: 8, p: 1, keyLength: 64 };

function lowKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, LOW.keyLength, { N: LOW.N, r: LOW.r, p: LOW.p }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

async function lowHash(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${LOW_PREFIX}${salt}:${(await lowKey(password, salt)).toString('hex')}`;
}

async function lowVerify(hash: string, password: string): Promise<boolean> {
  const [salt, key] = hash.slice(LOW_PREFIX.length).split(':');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await lowKey(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function passwordHashing(cost: PasswordHashCost): PasswordHashing {
  if (cost === 'standard') {
    return {
      hash: hashPassword,
      // A low-cost hash in a standard app is a test's row where it does not belong: it never signs anyone in.
      verify: async ({ hash, password }) =>
        !hash.startsWith(LOW_PREFIX) && verifyPassword({ hash, password }),
    };
  }
  return {
    hash: lowHash,
    verify: ({ hash, password }) =>
      hash.startsWith(LOW_PREFIX) ? lowVerify(hash, password) : verifyPassword({ hash, password }),
  };
}
