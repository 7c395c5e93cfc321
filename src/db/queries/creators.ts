import { type AnyColumn, and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decodeCursor } from '../../shared/page-cursor';
import type { DatabaseOrTransaction } from '../client';
import { accounts, users } from '../schema/auth';
import { type CreatorRow, creatorCounts, creators, tiktokAuth } from '../schema/creators';
import { readRow } from './first-row';
import { keyset, keysetPage } from './keyset';

export async function findCreatorByAuthUserId(
  db: DatabaseOrTransaction,
  authUserId: string,
): Promise<CreatorRow | null> {
  return readRow(db, creators, eq(creators.authUserId, authUserId));
}

/** An influencer record made before its owner had an account (no auth user yet), by email. */
export async function findUnlinkedCreatorByEmail(
  db: DatabaseOrTransaction,
  email: string,
): Promise<CreatorRow | null> {
  const unlinkedWithEmail = and(sql`lower(${creators.email}) = lower(${email})`, isNull(creators.authUserId));
  return readRow(db, creators, unlinkedWithEmail, creators.id);
}

/** The provider account the user signed in with most recently. */
export async function findLatestAccount(db: DatabaseOrTransaction, userId: string) {
  return readRow(db, accounts, eq(accounts.userId, userId), desc(accounts.updatedAt));
}

export async function findUserById(db: DatabaseOrTransaction, userId: string) {
  return readRow(db, users, eq(users.id, userId));
}

/** A creator's TikTok sign-in record (tokens as stored: sealed), or null when they never signed in with TikTok. */
export async function findTiktokAuth(db: DatabaseOrTransaction, creatorId: number) {
  return readRow(db, tiktokAuth, eq(tiktokAuth.creatorId, creatorId));
}

export async function upsertTiktokAuth(
  db: DatabaseOrTransaction,
  values: {
    creatorId: number;
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
      target: tiktokAuth.creatorId,
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

/** A search's total stops here ("1,000+"): counting every match of a broad term grows with the table (issue 28). */
export const CREATOR_SEARCH_CAP = 1000;

/** The newest rows (from the cursor) a search reads in the list's order before it looks the matches up instead. */
const SEARCH_SCAN_ROWS = 2000;

/** The name, username or email contains the term (each has a trigram index). */
function creatorMatch(table: { name: AnyColumn; username: AnyColumn; email: AnyColumn }, q: string): SQL {
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`(${table.name} ilike ${like} or ${table.username} ilike ${like} or ${table.email} ilike ${like})`;
}

/**
 * Admin list of creators, newest first, optionally filtered by name, username or email.
 *
 * A search reads its page in one of two ways, so that it costs what the page shows rather than what the term
 * matches (issue 28): first the newest SEARCH_SCAN_ROWS rows from the cursor, in the list's order, keeping the
 * matches (a broad term such as "gmail" fills the page there); when they do not fill it, the matches are looked up
 * through the trigram indexes (`id = any(array(…))`: a BitmapOr, then primary-key probes) and the newest sorted
 * out. Left to itself the planner walked the list's index filtering every row: 22,000 rows for `creator77`, whose
 * 1,111 matches are all older. The total counts up to CREATOR_SEARCH_CAP + 1 matches (`totalCapped`).
 */
export async function listCreators(
  db: DatabaseOrTransaction,
  params: { q?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const cursor = params.cursor ? decodeCursor(params.cursor) : null;
  const page = keyset(creators.createdAt, creators.id, cursor);
  const q = params.q;
  if (!q) {
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(creators)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(params.limit + 1),
      // Without a search: the kept count (influencer_counts, exact in the writes' transactions: issue 28).
      db.select({ total: sql<number>`coalesce(sum(${creatorCounts.total}), 0)::int` }).from(creatorCounts),
    ]);
    const shown = keysetPage(rows, params.limit, cursor, (row) => row);
    return { ...shown, total: totals[0]?.total ?? 0, totalCapped: false };
  }
  const newest = db
    .select()
    .from(creators)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(SEARCH_SCAN_ROWS)
    .as('newest');
  const [scanned, counted] = await Promise.all([
    db
      .select()
      .from(newest)
      .where(creatorMatch(newest, q))
      .orderBy(...keyset(newest.createdAt, newest.id, cursor).orderBy)
      .limit(params.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(creators)
        .where(creatorMatch(creators, q))
        .limit(CREATOR_SEARCH_CAP + 1)
        .as('matches'),
    ),
  ]);
  const matched = alias(creators, 'matched');
  const rows =
    scanned.length > params.limit
      ? scanned
      : await db
          .select()
          .from(creators)
          .where(
            and(
              sql`${creators.id} = any(array(${db.select({ id: matched.id }).from(matched).where(creatorMatch(matched, q))}))`,
              page.where,
            ),
          )
          .orderBy(...page.orderBy)
          .limit(params.limit + 1);
  const shown = keysetPage(rows as CreatorRow[], params.limit, cursor, (row) => row);
  const n = counted[0]?.n ?? 0;
  return { ...shown, total: Math.min(n, CREATOR_SEARCH_CAP), totalCapped: n > CREATOR_SEARCH_CAP };
}
