import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { decodeCursor } from '../../shared/page-cursor';
import type { DatabaseOrTransaction } from '../client';
import { accounts, users } from '../schema/auth';
import { type InfluencerRow, influencerCounts, influencers, tiktokAuth } from '../schema/influencers';
import { keyset, keysetPage } from './keyset';

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
  params: { q?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const cursor = params.cursor ? decodeCursor(params.cursor) : null;
  const page = keyset(influencers.createdAt, influencers.id, cursor);
  const where = params.q
    ? sql`(${influencers.name} ilike ${`%${params.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or ${influencers.username} ilike ${`%${params.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or ${influencers.email} ilike ${`%${params.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`})`
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(influencers)
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(params.limit + 1),
    // Without a search: the kept count (influencer_counts, exact in the writes' transactions: issue 28).
    where
      ? db.select({ total: sql<number>`count(*)::int` }).from(influencers).where(where)
      : db
          .select({ total: sql<number>`coalesce(sum(${influencerCounts.total}), 0)::int` })
          .from(influencerCounts),
  ]);
  const shown = keysetPage(rows, params.limit, cursor, (row) => row);
  return { ...shown, total: totals[0]?.total ?? 0 };
}
