import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../client';
import { type Row, rowsOf } from './raw-rows';

/**
 * Each submission's creator and their row `t` of a platform's token table (the Instagram connection, the TikTok
 * tokens): `columns` read from it, and when its token expires (null fields when the creator has none). What a
 * platform's post reader needs to read the posts of these submissions.
 */
export async function submissionOwners(
  db: DatabaseOrTransaction,
  submissionIds: number[],
  tokens: PgTable,
  columns: SQL,
): Promise<Array<{ submissionId: number; creatorId: number; expiresAt: Date | null; row: Row }>> {
  if (submissionIds.length === 0) return [];
  const result = await db.execute(sql`
    select sub.id as submission_id, a.influencer_id, ${columns},
      (extract(epoch from t.token_expires_at) * 1000)::float8 as expires_ms
    from submissions sub
    join applications a on a.id = sub.application_id
    left join ${tokens} t on t.influencer_id = a.influencer_id
    where sub.id in ${submissionIds}`);
  return rowsOf(result).map((row) => ({
    submissionId: Number(row.submission_id),
    creatorId: Number(row.influencer_id),
    expiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)),
    row,
  }));
}

/** A text column of a raw row, null when absent. */
export const textOrNull = (value: unknown) => (value as string | null | undefined) ?? null;
