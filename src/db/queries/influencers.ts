import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { accounts, users } from '../schema/auth';
import { type InfluencerRow, influencers, tiktokAuth } from '../schema/influencers';

export async function findInfluencerByAuthUserId(
  db: DatabaseOrTransaction,
  authUserId: string,
): Promise<InfluencerRow | null> {
  const rows = await db.select().from(influencers).where(eq(influencers.authUserId, authUserId)).limit(1);
  return rows[0] ?? null;
}

/** An influencer record made before its owner had an account (no auth user yet), by email. */
export async function findUnlinkedInfluencerByEmail(
  db: DatabaseOrTransaction,
  email: string,
): Promise<InfluencerRow | null> {
  const rows = await db
    .select()
    .from(influencers)
    .where(and(sql`lower(${influencers.email}) = lower(${email})`, isNull(influencers.authUserId)))
    .orderBy(influencers.id)
    .limit(1);
  return rows[0] ?? null;
}

/** The provider account the user signed in with most recently. */
export async function findLatestAccount(db: DatabaseOrTransaction, userId: string) {
  const rows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(desc(accounts.updatedAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DatabaseOrTransaction, userId: string) {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** A creator's TikTok sign-in record (tokens as stored: sealed), or null when they never signed in with TikTok. */
export async function findTiktokAuth(db: DatabaseOrTransaction, influencerId: number) {
  const rows = await db.select().from(tiktokAuth).where(eq(tiktokAuth.influencerId, influencerId)).limit(1);
  return rows[0] ?? null;
}

export async function upsertTiktokAuth(
  db: DatabaseOrTransaction,
  values: {
    influencerId: number;
    openId: string;
    unionId?: string | null;
    accessToken?: string | null;
    refreshToken?: string | null;
    tokenExpiresAt?: Date | null;
  },
) {
  await db
    .insert(tiktokAuth)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: tiktokAuth.influencerId,
      set: {
        openId: values.openId,
        unionId: values.unionId ?? null,
        accessToken: values.accessToken ?? null,
        refreshToken: values.refreshToken ?? null,
        tokenExpiresAt: values.tokenExpiresAt ?? null,
        // A new sign-in may grant what the last one did not (user.info.stats): the follower count is read again.
        followersReadAt: null,
        updatedAt: new Date(),
      },
    });
}

/** Admin list of creators, newest first, optionally filtered by name, username or email. */
export async function listInfluencers(
  db: DatabaseOrTransaction,
  params: { q?: string | undefined; limit: number; offset: number },
) {
  const where = params.q
    ? sql`(${influencers.name} ilike ${`%${params.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or ${influencers.username} ilike ${`%${params.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or ${influencers.email} ilike ${`%${params.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`})`
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(influencers)
      .where(where)
      .orderBy(desc(influencers.createdAt), desc(influencers.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(influencers).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
