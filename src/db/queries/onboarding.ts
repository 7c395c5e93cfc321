import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import { tierFromAccounts, totalCountedFollowers } from '../../shared/schemas/profile';
import type { Database, DatabaseOrTransaction } from '../client';
import { type InfluencerRow, influencers } from '../schema/influencers';
import { emailVerificationCodes, influencerProfiles, socialAccounts } from '../schema/onboarding';

/** Another creator who already proved they own this address. */
export async function findOtherVerifiedInfluencerByEmail(
  db: DatabaseOrTransaction,
  email: string,
  influencerId: number,
) {
  const rows = await db
    .select({ id: influencers.id })
    .from(influencers)
    .where(
      and(
        sql`lower(${influencers.email}) = lower(${email})`,
        eq(influencers.emailVerified, true),
        ne(influencers.id, influencerId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function latestCodeFor(db: DatabaseOrTransaction, influencerId: number) {
  const rows = await db
    .select()
    .from(emailVerificationCodes)
    .where(eq(emailVerificationCodes.influencerId, influencerId))
    .orderBy(desc(emailVerificationCodes.createdAt), desc(emailVerificationCodes.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The live (unused, uncancelled) code of this creator for this address. */
export async function liveCodeFor(db: DatabaseOrTransaction, influencerId: number, email: string) {
  const rows = await db
    .select()
    .from(emailVerificationCodes)
    .where(
      and(
        eq(emailVerificationCodes.influencerId, influencerId),
        sql`lower(${emailVerificationCodes.email}) = lower(${email})`,
        isNull(emailVerificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(emailVerificationCodes.createdAt), desc(emailVerificationCodes.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function cancelLiveCodes(db: DatabaseOrTransaction, influencerId: number, now: Date) {
  await db
    .update(emailVerificationCodes)
    .set({ consumedAt: now })
    .where(
      and(eq(emailVerificationCodes.influencerId, influencerId), isNull(emailVerificationCodes.consumedAt)),
    );
}

export async function findProfile(db: DatabaseOrTransaction, influencerId: number) {
  const rows = await db
    .select()
    .from(influencerProfiles)
    .where(eq(influencerProfiles.influencerId, influencerId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Every write of a creator's profile starts here (issue 22): the creator's record locked, then their profile row (null
 * before the first save). Two saves of one creator run one after another, and a redemption, which reads the profile
 * row with `lockPayoutTarget`, never sees a PayPal change half done.
 */
export async function lockProfileForWrite(
  tx: DatabaseOrTransaction,
  influencerId: number,
): Promise<{ influencer: InfluencerRow | null; profile: typeof influencerProfiles.$inferSelect | null }> {
  // `no key update`, not `update`: a redemption or a reward inserting rows that reference this creator takes the
  // row's key-share lock for its foreign key while it holds the profile row's share lock (lockPayoutTarget); a full
  // update lock here made the two wait on each other (PostgreSQL ended one as a deadlock, a 500).
  const [influencer] = await tx
    .select()
    .from(influencers)
    .where(eq(influencers.id, influencerId))
    .for('no key update');
  const [profile] = await tx
    .select()
    .from(influencerProfiles)
    .where(eq(influencerProfiles.influencerId, influencerId))
    .for('update');
  return { influencer: influencer ?? null, profile: profile ?? null };
}

/**
 * Where a redemption is paid and since when (issue 22 hold), read under a share lock of the profile row: a PayPal
 * change in progress (which holds that row, `lockProfileForWrite`) finishes first, and none starts until the
 * redemption is done.
 */
export async function lockPayoutTarget(tx: DatabaseOrTransaction, influencerId: number) {
  const [row] = await tx
    .select({
      paypalEmail: influencerProfiles.paypalEmail,
      paypalEmailChangedAt: influencerProfiles.paypalEmailChangedAt,
    })
    .from(influencerProfiles)
    .where(eq(influencerProfiles.influencerId, influencerId))
    .for('share');
  return row ?? null;
}

export async function findSocialAccounts(db: DatabaseOrTransaction, influencerId: number) {
  return db.select().from(socialAccounts).where(eq(socialAccounts.influencerId, influencerId));
}

/**
 * Stores the follower count read from the platform with the creator's connected account ("verified") and when it was
 * read, beside the typed one, and re-tiers the creator from the counts a rule uses (the verified one where there is
 * one), in one transaction. A creator who never typed this platform gets its row, named by the connected username.
 */
export async function saveVerifiedFollowers(
  db: Database,
  values: { influencerId: number; platform: Platform; followers: number; handle: string; at: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(socialAccounts)
      .values({
        influencerId: values.influencerId,
        platform: values.platform,
        handle: values.handle,
        followers: null,
        verifiedFollowers: values.followers,
        verifiedAt: values.at,
        updatedAt: values.at,
      })
      .onConflictDoUpdate({
        target: [socialAccounts.influencerId, socialAccounts.platform],
        set: { verifiedFollowers: values.followers, verifiedAt: values.at },
      });
    const accounts = await findSocialAccounts(tx, values.influencerId);
    await tx
      .update(influencerProfiles)
      .set({
        influencerTier: tierFromAccounts(accounts).tier,
        totalFollowers: totalCountedFollowers(accounts),
      })
      .where(eq(influencerProfiles.influencerId, values.influencerId));
  });
}

/**
 * Keeps the handle a provider's sign-in read (TikTok's username) as the creator's handle on that platform, unless the
 * creator already has one there (what they typed wins). No follower count is written.
 */
export async function keepSignInHandle(
  db: DatabaseOrTransaction,
  values: { influencerId: number; platform: Platform; handle: string; at: Date },
) {
  await db
    .insert(socialAccounts)
    .values({ ...values, followers: null, updatedAt: values.at })
    .onConflictDoUpdate({
      target: [socialAccounts.influencerId, socialAccounts.platform],
      set: { handle: sql`coalesce(${socialAccounts.handle}, excluded.handle)` },
    });
}

/**
 * Forgets the follower counts read from a platform for these creators (Meta's data deletion: what we read from
 * Instagram goes), and tiers them again from what is left, in the caller's transaction.
 */
export async function forgetVerifiedFollowers(
  tx: DatabaseOrTransaction,
  influencerIds: number[],
  platform: Platform,
) {
  for (const influencerId of influencerIds) {
    await tx
      .update(socialAccounts)
      .set({ verifiedFollowers: null, verifiedAt: null })
      .where(and(eq(socialAccounts.influencerId, influencerId), eq(socialAccounts.platform, platform)));
    const accounts = await findSocialAccounts(tx, influencerId);
    await tx
      .update(influencerProfiles)
      .set({
        influencerTier: tierFromAccounts(accounts).tier,
        totalFollowers: totalCountedFollowers(accounts),
      })
      .where(eq(influencerProfiles.influencerId, influencerId));
  }
}

/** Social accounts with a handle, after (influencer, platform) in key order: the handle repair's pages. */
export async function socialHandlesAfter(
  db: DatabaseOrTransaction,
  after: { influencerId: number; platform: string } | null,
  limit: number,
) {
  return db
    .select({
      influencerId: socialAccounts.influencerId,
      platform: socialAccounts.platform,
      handle: socialAccounts.handle,
    })
    .from(socialAccounts)
    .where(
      after
        ? sql`${socialAccounts.handle} is not null and (${socialAccounts.influencerId}, ${socialAccounts.platform}) > (${after.influencerId}, ${after.platform})`
        : sql`${socialAccounts.handle} is not null`,
    )
    .orderBy(socialAccounts.influencerId, socialAccounts.platform)
    .limit(limit);
}

/** Replaces a handle if it is still `expected` (a creator's edit in between wins); true when it was replaced. */
export async function replaceSocialHandle(
  tx: DatabaseOrTransaction,
  account: { influencerId: number; platform: string; expected: string; handle: string | null },
) {
  const rows = await tx
    .update(socialAccounts)
    .set({ handle: account.handle })
    .where(
      and(
        eq(socialAccounts.influencerId, account.influencerId),
        eq(socialAccounts.platform, account.platform),
        eq(socialAccounts.handle, account.expected),
      ),
    )
    .returning({ influencerId: socialAccounts.influencerId });
  return rows.length > 0;
}
