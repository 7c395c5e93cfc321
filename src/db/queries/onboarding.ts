import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { influencers } from '../schema/influencers';
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

export async function findSocialAccounts(db: DatabaseOrTransaction, influencerId: number) {
  return db.select().from(socialAccounts).where(eq(socialAccounts.influencerId, influencerId));
}
