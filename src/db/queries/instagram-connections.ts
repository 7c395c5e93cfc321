import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { type AgeBracket, instagramConnections, platformDataDeletions } from '../schema/content-metrics';
import { readColumn, readRow } from './first-row';
import { rowsOf } from './raw-rows';
import { submissionOwners, textOrNull } from './submission-owners';

export async function findInstagramConnection(db: DatabaseOrTransaction, creatorId: number) {
  return readRow(db, instagramConnections, eq(instagramConnections.creatorId, creatorId));
}

/** Connects (or reconnects) a creator's account; a reconnection to another account forgets the old ages. */
export async function saveInstagramConnection(
  db: DatabaseOrTransaction,
  values: {
    creatorId: number;
    igUserId: string;
    /** Kept from /me at connection (older connections and tests that insert one may lack it). */
    igScopedId?: string | null;
    username: string;
    tokenCiphertext: string;
    tokenExpiresAt: Date;
    now: Date;
  },
) {
  const { now, ...rest } = values;
  await db
    .insert(instagramConnections)
    .values({ ...rest, connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: instagramConnections.creatorId,
      set: {
        ...rest,
        connectedAt: now,
        updatedAt: now,
        ageDemographics: sql`case when ${instagramConnections.igUserId} = ${rest.igUserId} then ${instagramConnections.ageDemographics} end`,
        demographicsAt: sql`case when ${instagramConnections.igUserId} = ${rest.igUserId} then ${instagramConnections.demographicsAt} end`,
      },
    });
}

export async function deleteInstagramConnection(db: DatabaseOrTransaction, creatorId: number) {
  const rows = await db
    .delete(instagramConnections)
    .where(eq(instagramConnections.creatorId, creatorId))
    .returning({ id: instagramConnections.creatorId });
  return rows.length > 0;
}

export async function updateInstagramToken(
  db: DatabaseOrTransaction,
  creatorId: number,
  token: { tokenCiphertext: string; tokenExpiresAt: Date; now: Date },
) {
  await db
    .update(instagramConnections)
    .set({
      tokenCiphertext: token.tokenCiphertext,
      tokenExpiresAt: token.tokenExpiresAt,
      updatedAt: token.now,
    })
    .where(eq(instagramConnections.creatorId, creatorId));
}

export async function saveAgeDemographics(
  db: DatabaseOrTransaction,
  creatorId: number,
  brackets: AgeBracket[] | null,
  now: Date,
) {
  await db
    .update(instagramConnections)
    .set({ ageDemographics: brackets, demographicsAt: now })
    .where(eq(instagramConnections.creatorId, creatorId));
}

/** The ages were asked for at `now` but not given (a refused request): the last ones stay, asked again in a day. */
export async function markDemographicsRead(db: DatabaseOrTransaction, creatorId: number, now: Date) {
  await db
    .update(instagramConnections)
    .set({ demographicsAt: now })
    .where(eq(instagramConnections.creatorId, creatorId));
}

/**
 * Connections the job looks after: tokens that end before `renewBefore` (and are still valid at `now`), and
 * accounts whose ages were last read before `demographicsBefore`.
 */
export async function connectionsToMaintain(
  db: DatabaseOrTransaction,
  now: Date,
  renewBefore: Date,
  demographicsBefore: Date,
) {
  return db
    .select()
    .from(instagramConnections)
    .where(
      and(
        sql`${instagramConnections.tokenExpiresAt} > ${now.toISOString()}::timestamptz`,
        or(
          lt(instagramConnections.tokenExpiresAt, renewBefore),
          isNull(instagramConnections.demographicsAt),
          lt(instagramConnections.demographicsAt, demographicsBefore),
        ),
      ),
    )
    .limit(200);
}

/** Each submission's creator and their Instagram connection (null fields when they have none). */
export async function instagramOwners(db: DatabaseOrTransaction, submissionIds: number[]) {
  const owners = await submissionOwners(
    db,
    submissionIds,
    instagramConnections,
    sql`t.ig_user_id, t.token_ciphertext`,
  );
  return owners.map(({ row, ...owner }) => ({
    ...owner,
    igUserId: textOrNull(row.ig_user_id),
    tokenCiphertext: textOrNull(row.token_ciphertext),
  }));
}

/**
 * The followers' ages summed over the connected Instagram accounts of a campaign's creators with posts (waiting
 * for review or approved): null when none of them provides ages.
 */
export async function campaignAgeDemographics(db: DatabaseOrTransaction, campaignId: number) {
  const result = await db.execute(sql`
    with accounts as (
      select distinct ic.influencer_id, ic.age_demographics
      from submissions sub
      join applications a on a.id = sub.application_id
      join instagram_connections ic on ic.influencer_id = a.influencer_id
      where a.campaign_id = ${campaignId} and sub.status in ('submitted', 'approved')
        and ic.age_demographics is not null and jsonb_array_length(ic.age_demographics) > 0
    )
    select b.age, sum(b.followers)::float8 as followers, (select count(*) from accounts)::int as accounts
    from accounts, jsonb_to_recordset(accounts.age_demographics) as b(age text, followers bigint)
    group by b.age order by b.age`);
  const rows = rowsOf(result);
  if (rows.length === 0) return null;
  return {
    accounts: Number(rows[0]!.accounts),
    brackets: rows.map((row) => ({ age: String(row.age), followers: Number(row.followers) })),
  };
}

/**
 * Everything obtained from Instagram about the account `igUserId`, removed in the caller's transaction (Meta's
 * Deauthorize and Data Deletion callbacks): the connections of the creators who connected it (token and ages), the
 * `api` snapshots of their Instagram posts, and the reading of those posts is stopped. The creators' engagement
 * rates are worked out again from the figures that are left. Figures an admin entered or a creator reported stay.
 */
export async function deleteInstagramData(
  db: DatabaseOrTransaction,
  igUserId: string,
  now: Date,
): Promise<{ connections: number; snapshots: number; creatorIds: number[] }> {
  // Meta names the app-scoped id; connections made before it was kept have only the professional account's id.
  const removed = await db
    .delete(instagramConnections)
    .where(or(eq(instagramConnections.igScopedId, igUserId), eq(instagramConnections.igUserId, igUserId)))
    .returning({ creatorId: instagramConnections.creatorId });
  const creatorIds = removed.map((r) => r.creatorId);
  if (creatorIds.length === 0) return { connections: 0, snapshots: 0, creatorIds };
  const instagramPosts = sql`
    select sub.id from submissions sub
    join applications a on a.id = sub.application_id
    join campaigns c on c.id = a.campaign_id
    where a.influencer_id in ${creatorIds} and c.platform = 'instagram'`;
  const snapshots = rowsOf(
    await db.execute(sql`
      delete from content_metric_snapshots
      where source = 'api' and submission_id in (${instagramPosts})
      returning id`),
  ).length;
  await db.execute(sql`
    update content_metric_fetches
    set done_at = ${now.toISOString()}::timestamptz,
      last_error = 'The Instagram data was deleted at the account holder''s request'
    where platform = 'instagram' and done_at is null and submission_id in (${instagramPosts})`);
  return { connections: creatorIds.length, snapshots, creatorIds };
}

/** The submissions of these creators (to work out their engagement rates again). */
export async function submissionsOfCreators(db: DatabaseOrTransaction, creatorIds: number[]) {
  if (creatorIds.length === 0) return [];
  const result = await db.execute(sql`
    select sub.id from submissions sub join applications a on a.id = sub.application_id
    where a.influencer_id in ${creatorIds}`);
  return rowsOf(result).map((row) => Number(row.id));
}

/** A creator left with no counted figures has no engagement rate ('0', as before any figure). */
export async function resetEngagementWithoutFigures(db: DatabaseOrTransaction, creatorIds: number[]) {
  if (creatorIds.length === 0) return;
  await db.execute(sql`
    update influencers i set engagement_rate = '0'
    where i.id in ${creatorIds} and not exists (
      select 1 from content_metric_snapshots s
      join submissions sub on sub.id = s.submission_id
      join applications a on a.id = sub.application_id
      where a.influencer_id = i.id and (s.source <> 'creator' or s.confirmed_at is not null))`);
}

/** Records a Deauthorize or Data Deletion request and what it removed. */
/**
 * Records a request under its digest; false when a row with that digest is already there (the request is a repeat:
 * nothing is inserted). Simultaneous repeats wait on the unique index, so exactly one inserts.
 */
export async function insertPlatformDataDeletion(
  db: DatabaseOrTransaction,
  values: typeof platformDataDeletions.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(platformDataDeletions)
    .values(values)
    .onConflictDoNothing({ target: platformDataDeletions.requestDigest })
    .returning({ code: platformDataDeletions.confirmationCode });
  return inserted.length > 0;
}

/** What a request with this digest was answered (its confirmation code), or null. */
export async function platformDataDeletionByDigest(db: DatabaseOrTransaction, requestDigest: string) {
  return readColumn(
    db,
    platformDataDeletions.confirmationCode,
    eq(platformDataDeletions.requestDigest, requestDigest),
  );
}

/** Notes what a recorded request removed, once it has run. */
export async function completePlatformDataDeletion(
  db: DatabaseOrTransaction,
  confirmationCode: string,
  removed: { connections: number; snapshots: number },
  completedAt: Date,
) {
  await db
    .update(platformDataDeletions)
    .set({ removed, completedAt })
    .where(eq(platformDataDeletions.confirmationCode, confirmationCode));
}

export async function findPlatformDataDeletion(db: DatabaseOrTransaction, confirmationCode: string) {
  return readRow(db, platformDataDeletions, eq(platformDataDeletions.confirmationCode, confirmationCode));
}
