import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import { tierFromAccounts, totalCountedFollowers } from '../../shared/schemas/profile';
import type { Database, DatabaseOrTransaction } from '../client';
import { type CreatorRow, creators } from '../schema/creators';
import { creatorProfiles, emailVerificationCodes, socialAccounts } from '../schema/onboarding';
import { readRow } from './first-row';

/** Another creator who already proved they own this address. */
export async function findOtherVerifiedCreatorByEmail(
  db: DatabaseOrTransaction,
  email: string,
  creatorId: number,
) {
  const rows = await db
    .select({ id: creators.id })
    .from(creators)
    .where(
      and(
        sql`lower(${creators.email}) = lower(${email})`,
        eq(creators.emailVerified, true),
        ne(creators.id, creatorId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A creator's codes, the newest first (two written in the same millisecond: the later id). */
const newestCodeFirst = [desc(emailVerificationCodes.createdAt), desc(emailVerificationCodes.id)];

export async function latestCodeFor(db: DatabaseOrTransaction, creatorId: number) {
  return readRow(
    db,
    emailVerificationCodes,
    eq(emailVerificationCodes.creatorId, creatorId),
    ...newestCodeFirst,
  );
}

/** The live (unused, uncancelled) code of this creator for this address. */
export async function liveCodeFor(db: DatabaseOrTransaction, creatorId: number, email: string) {
  const unusedForAddress = and(
    eq(emailVerificationCodes.creatorId, creatorId),
    sql`lower(${emailVerificationCodes.email}) = lower(${email})`,
    isNull(emailVerificationCodes.consumedAt),
  );
  return readRow(db, emailVerificationCodes, unusedForAddress, ...newestCodeFirst);
}

export async function cancelLiveCodes(db: DatabaseOrTransaction, creatorId: number, now: Date) {
  await db
    .update(emailVerificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailVerificationCodes.creatorId, creatorId), isNull(emailVerificationCodes.consumedAt)));
}

export async function findProfile(db: DatabaseOrTransaction, creatorId: number) {
  return readRow(db, creatorProfiles, eq(creatorProfiles.creatorId, creatorId));
}

/**
 * Every write of a creator's profile starts here (issue 22): the creator's record locked, then their profile row (null
 * before the first save). Two saves of one creator run one after another, and a redemption, which reads the profile
 * row with `lockPayoutTarget`, never sees a PayPal change half done.
 */
export async function lockProfileForWrite(
  tx: DatabaseOrTransaction,
  creatorId: number,
): Promise<{ creator: CreatorRow | null; profile: typeof creatorProfiles.$inferSelect | null }> {
  // `no key update`, not `update`: a redemption or a reward inserting rows that reference this creator takes the
  // row's key-share lock for its foreign key while it holds the profile row's share lock (lockPayoutTarget); a full
  // update lock here made the two wait on each other (PostgreSQL ended one as a deadlock, a 500).
  const [creator] = await tx.select().from(creators).where(eq(creators.id, creatorId)).for('no key update');
  const [profile] = await tx
    .select()
    .from(creatorProfiles)
    .where(eq(creatorProfiles.creatorId, creatorId))
    .for('update');
  return { creator: creator ?? null, profile: profile ?? null };
}

/**
 * Where a redemption is paid and since when (issue 22 hold), read under a share lock of the profile row: a PayPal
 * change in progress (which holds that row, `lockProfileForWrite`) finishes first, and none starts until the
 * redemption is done.
 */
export async function lockPayoutTarget(tx: DatabaseOrTransaction, creatorId: number) {
  const [row] = await tx
    .select({
      paypalEmail: creatorProfiles.paypalEmail,
      paypalEmailChangedAt: creatorProfiles.paypalEmailChangedAt,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.creatorId, creatorId))
    .for('share');
  return row ?? null;
}

export async function findSocialAccounts(db: DatabaseOrTransaction, creatorId: number) {
  return db.select().from(socialAccounts).where(eq(socialAccounts.creatorId, creatorId));
}

/**
 * Stores the follower count read from the platform with the creator's connected account ("verified") and when it was
 * read, beside the typed one, and re-tiers the creator from the counts a rule uses (the verified one where there is
 * one), in one transaction. A creator who never typed this platform gets its row, named by the connected username.
 */
export async function saveVerifiedFollowers(
  db: Database,
  values: { creatorId: number; platform: Platform; followers: number; handle: string; at: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(socialAccounts)
      .values({
        creatorId: values.creatorId,
        platform: values.platform,
        handle: values.handle,
        followers: null,
        verifiedFollowers: values.followers,
        verifiedAt: values.at,
        updatedAt: values.at,
      })
      .onConflictDoUpdate({
        target: [socialAccounts.creatorId, socialAccounts.platform],
        set: { verifiedFollowers: values.followers, verifiedAt: values.at },
      });
    const accounts = await findSocialAccounts(tx, values.creatorId);
    await tx
      .update(creatorProfiles)
      .set({
        creatorTier: tierFromAccounts(accounts).tier,
        totalFollowers: totalCountedFollowers(accounts),
      })
      .where(eq(creatorProfiles.creatorId, values.creatorId));
  });
}

/**
 * Keeps the handle a provider's sign-in read (TikTok's username) as the creator's handle on that platform, unless the
 * creator already has one there (what they typed wins). No follower count is written.
 */
export async function keepSignInHandle(
  db: DatabaseOrTransaction,
  values: { creatorId: number; platform: Platform; handle: string; at: Date },
) {
  await db
    .insert(socialAccounts)
    .values({ ...values, followers: null, updatedAt: values.at })
    .onConflictDoUpdate({
      target: [socialAccounts.creatorId, socialAccounts.platform],
      set: { handle: sql`coalesce(${socialAccounts.handle}, excluded.handle)` },
    });
}

/**
 * Forgets the follower counts read from a platform for these creators (Meta's data deletion: what we read from
 * Instagram goes), and tiers them again from what is left, in the caller's transaction.
 */
export async function forgetVerifiedFollowers(
  tx: DatabaseOrTransaction,
  creatorIds: number[],
  platform: Platform,
) {
  for (const creatorId of creatorIds) {
    await tx
      .update(socialAccounts)
      .set({ verifiedFollowers: null, verifiedAt: null })
      .where(and(eq(socialAccounts.creatorId, creatorId), eq(socialAccounts.platform, platform)));
    const accounts = await findSocialAccounts(tx, creatorId);
    await tx
      .update(creatorProfiles)
      .set({
        creatorTier: tierFromAccounts(accounts).tier,
        totalFollowers: totalCountedFollowers(accounts),
      })
      .where(eq(creatorProfiles.creatorId, creatorId));
  }
}

/** Social accounts with a handle, after (influencer, platform) in key order: the handle repair's pages. */
export async function socialHandlesAfter(
  db: DatabaseOrTransaction,
  after: { creatorId: number; platform: string } | null,
  limit: number,
) {
  return db
    .select({
      creatorId: socialAccounts.creatorId,
      platform: socialAccounts.platform,
      handle: socialAccounts.handle,
    })
    .from(socialAccounts)
    .where(
      after
        ? sql`${socialAccounts.handle} is not null and (${socialAccounts.creatorId}, ${socialAccounts.platform}) > (${after.creatorId}, ${after.platform})`
        : sql`${socialAccounts.handle} is not null`,
    )
    .orderBy(socialAccounts.creatorId, socialAccounts.platform)
    .limit(limit);
}

/** Replaces a handle if it is still `expected` (a creator's edit in between wins); true when it was replaced. */
export async function replaceSocialHandle(
  tx: DatabaseOrTransaction,
  account: { creatorId: number; platform: string; expected: string; handle: string | null },
) {
  const rows = await tx
    .update(socialAccounts)
    .set({ handle: account.handle })
    .where(
      and(
        eq(socialAccounts.creatorId, account.creatorId),
        eq(socialAccounts.platform, account.platform),
        eq(socialAccounts.handle, account.expected),
      ),
    )
    .returning({ creatorId: socialAccounts.creatorId });
  return rows.length > 0;
}
