import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { findAdminSignInEmail } from '../../db/queries/users';
import { accounts, users } from '../../db/schema/auth';
import type { AdminRole } from '../../shared/admin-permissions';
import { emailLocalPart } from '../../shared/rules/identity';
import { ADMIN_INVALID_CREDENTIALS } from '../../shared/schemas/auth';
import type { AuthKeys } from '../auth/auth-context';
import { AppError } from '../http/errors';
import { hitRateLimit, type RateLimitRule } from './app-rate-limits';
import { claimOrThrow, passwordSubject } from './password-attempts';
import { atInstant, type ServiceContext } from './service-context';

export interface AdminInput {
  email: string;
  password: string;
  /** Defaults to the part of the email before @. */
  username?: string | undefined;
  name?: string | undefined;
  /** The role in the team (issue 39); a new admin is an Owner unless said otherwise, an existing one keeps theirs. */
  role?: AdminRole | undefined;
}

/** Any fixed number shared by every instance: one admin write at a time, so concurrent starts make one admin. */
const ADMIN_LOCK_KEY = 727_274_003;

/**
 * Creates an admin account (role admin, email and password sign-in), or, when the email already has an account,
 * makes it an admin and sets the new password. One transaction.
 */
export async function upsertAdmin(
  db: Database,
  auth: AuthKeys,
  input: AdminInput,
): Promise<{ id: string; created: boolean }> {
  const prepared = await prepareAdmin(auth, input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    return writeAdmin(tx, prepared);
  });
}

/**
 * The first admin from ADMIN_EMAIL: created only while there is no admin at all, under a lock, so several instances
 * starting together create it once. True when this call created it.
 */
export async function createFirstAdmin(db: Database, auth: AuthKeys, input: AdminInput): Promise<boolean> {
  const prepared = await prepareAdmin(auth, input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    if (await hasAdmin(tx)) return false;
    await writeAdmin(tx, prepared);
    return true;
  });
}

interface PreparedAdmin {
  email: string;
  username: string;
  name: string | undefined;
  hash: string;
  role: AdminRole | undefined;
}

async function prepareAdmin(auth: AuthKeys, input: AdminInput): Promise<PreparedAdmin> {
  if (input.password.length < 12) throw new Error('The admin password must be at least 12 characters');
  const hash = await (await auth.$context).password.hash(input.password);
  const email = input.email.trim().toLowerCase();
  const username = (input.username ?? emailLocalPart(email)).toLowerCase();
  return { email, username, name: input.name, hash, role: input.role };
}

async function writeAdmin(
  tx: DatabaseOrTransaction,
  { email, username, name, hash, role }: PreparedAdmin,
): Promise<{ id: string; created: boolean }> {
  const [existing] = await tx
    .select({ id: users.id, adminRole: users.adminRole })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  // Made by the CLI and at start-up, outside any use case's clock: the rows take the database's time, the update
  // as the insert below does (its columns' defaults).
  const now = sql`now()`;
  if (existing) {
    const adminRole = role ?? existing.adminRole ?? 'owner';
    await tx
      .update(users)
      .set({ role: 'admin', adminRole, username, updatedAt: now })
      .where(eq(users.id, existing.id));
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: now })
      .where(sql`${accounts.userId} = ${existing.id} and ${accounts.providerId} = 'credential'`)
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        userId: existing.id,
        accountId: existing.id,
        providerId: 'credential',
        password: hash,
      });
    }
    return { id: existing.id, created: false };
  }
  const id = randomUUID();
  await tx.insert(users).values({
    id,
    name: name ?? 'Admin',
    email,
    emailVerified: true,
    role: 'admin',
    adminRole: role ?? 'owner',
    username,
  });
  await tx
    .insert(accounts)
    .values({ id: randomUUID(), userId: id, accountId: id, providerId: 'credential', password: hash });
  return { id, created: true };
}

export async function hasAdmin(db: DatabaseOrTransaction): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return rows.length > 0;
}

/**
 * The admins' sign-in form before Better Auth checks the password: the client address's budget (`rule`), then the
 * address of the admin account signed in as (by username or email). No such admin: 401 after the same work and the
 * same password budget as a real check, so neither the answer nor its time tells whether the account exists.
 */
export async function adminSignInEmail(
  services: ServiceContext,
  auth: AuthKeys,
  {
    username,
    password,
    clientIp,
    rule,
  }: { username: string; password: string; clientIp: string; rule: RateLimitRule },
): Promise<string> {
  const { db, now } = atInstant(services);
  const tooMany = 'Too many sign-in attempts. Please wait a minute and try again.';
  await hitRateLimit(db, `admin-sign-in|${clientIp}`, rule, tooMany, now);
  const email = await findAdminSignInEmail(db, username);
  if (email) return email;
  await claimOrThrow(db, passwordSubject(username), now);
  await (await auth.$context).password.hash(password);
  throw new AppError('UNAUTHORIZED', ADMIN_INVALID_CREDENTIALS);
}
