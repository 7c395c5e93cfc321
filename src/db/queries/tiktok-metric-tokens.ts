import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { tiktokAuth } from '../schema/creators';
import { rowsOf } from './raw-rows';
import { submissionOwners, textOrNull } from './submission-owners';

/** Each submission's creator and their TikTok tokens (null when they never signed in with TikTok). */
export async function tiktokOwners(db: DatabaseOrTransaction, submissionIds: number[]) {
  const owners = await submissionOwners(db, submissionIds, tiktokAuth, sql`t.access_token, t.refresh_token`);
  return owners.map(({ row, ...owner }) => ({
    ...owner,
    accessToken: textOrNull(row.access_token),
    refreshToken: textOrNull(row.refresh_token),
  }));
}

export async function saveTiktokTokens(
  db: DatabaseOrTransaction,
  creatorId: number,
  tokens: { accessToken: string; refreshToken: string; expiresAt: Date },
) {
  await db.execute(sql`update tiktok_auth set access_token = ${tokens.accessToken},
    refresh_token = ${tokens.refreshToken}, token_expires_at = ${tokens.expiresAt.toISOString()}::timestamptz,
    updated_at = now() where influencer_id = ${creatorId}`);
}

/**
 * TikTok creators whose follower count is due (never asked since their last sign-in, or asked more than a day
 * before `askedBefore`), with their sealed tokens; at most `limit`, the longest waiting first.
 */
export async function tiktokFollowersDue(db: DatabaseOrTransaction, askedBefore: Date, limit: number) {
  const result = await db.execute(sql`
    select t.influencer_id, t.open_id, t.access_token, t.refresh_token,
      (extract(epoch from t.token_expires_at) * 1000)::float8 as expires_ms
    from tiktok_auth t
    where t.access_token is not null and t.refresh_token is not null
      and (t.followers_read_at is null or t.followers_read_at < ${askedBefore.toISOString()}::timestamptz)
    order by t.followers_read_at asc nulls first, t.influencer_id
    limit ${limit}`);
  return rowsOf(result).map((row) => ({
    creatorId: Number(row.influencer_id),
    openId: String(row.open_id),
    accessToken: String(row.access_token),
    refreshToken: String(row.refresh_token),
    expiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)),
  }));
}

/** Notes that the creator's TikTok follower count was asked for at `at` (whatever TikTok answered). */
export async function markTiktokFollowersAsked(db: DatabaseOrTransaction, creatorId: number, at: Date) {
  await db.execute(sql`update tiktok_auth set followers_read_at = ${at.toISOString()}::timestamptz
    where influencer_id = ${creatorId}`);
}
