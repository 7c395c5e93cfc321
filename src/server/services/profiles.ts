import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { findProfile, findSocialAccounts, lockProfileForWrite } from '../../db/queries/onboarding';
import { type CreatorRow, creators } from '../../db/schema/creators';
import { creatorProfiles, socialAccounts } from '../../db/schema/onboarding';
import type { Platform } from '../../shared/constants';
import { paypalChangeHold } from '../../shared/paypal-hold';
import { type Profile, tierFromAccounts, totalCountedFollowers } from '../../shared/schemas/profile';
import { AppError } from '../http/errors';
import { paypalChangedAccountMail } from '../mail/payout-templates';
import { paypalEmailChangedMail } from '../mail/templates';
import { keepUnchangedDates, recordFollowerChanges } from './follower-history';
import { type ProofKeys, requireIdentityProof } from './identity-proof';
import { type AtInstant, atInstant, type ServiceContext } from './service-context';

/** The creator's accounts on each platform, as the profile form names them. */
function socialRows(creatorId: number, profile: Profile, now: Date) {
  const rows: Array<{
    creatorId: number;
    platform: Platform;
    handle: string | null;
    followers: number | null;
    updatedAt: Date;
  }> = [];
  const add = (platform: Platform, handle: string | undefined, followers: number | undefined) => {
    if (handle === undefined && followers === undefined) return;
    rows.push({
      creatorId,
      platform,
      handle: handle ?? null,
      followers: followers ?? null,
      updatedAt: now,
    });
  };
  add('tiktok', profile.tiktokHandle, profile.tiktokFollowers);
  add('instagram', profile.instagramHandle, profile.instagramFollowers);
  add('youtube', profile.youtubeHandle, profile.youtubeSubscribers);
  return rows;
}

type SocialRow = {
  creatorId: number;
  platform: string;
  handle: string | null;
  followers: number | null;
  updatedAt: Date;
  verifiedFollowers: number | null;
  verifiedAt: Date | null;
};

/** The rows the form writes, each with the count last read from its platform; a platform read but no longer typed stays. */
function withVerifiedCounts(
  creatorId: number,
  rows: ReadonlyArray<Omit<SocialRow, 'verifiedFollowers' | 'verifiedAt'>>,
  before: ReadonlyArray<SocialRow>,
): SocialRow[] {
  const read = (platform: string) => {
    const old = before.find((b) => b.platform === platform);
    return { verifiedFollowers: old?.verifiedFollowers ?? null, verifiedAt: old?.verifiedAt ?? null };
  };
  const orphans = before
    .filter((b) => b.verifiedFollowers !== null && !rows.some((r) => r.platform === b.platform))
    .map((b) => ({ ...b, creatorId, handle: null, followers: null }));
  return [...rows.map((row) => ({ ...row, ...read(row.platform) })), ...orphans];
}

/** The platform with the most followers, for the influencer record's platform/followers columns. */
function mainPlatform(profile: Profile): { platform: Platform | null; followers: number } {
  const candidates: Array<[Platform, number]> = [
    ['instagram', profile.instagramFollowers ?? 0],
    ['tiktok', profile.tiktokFollowers ?? 0],
    ['youtube', profile.youtubeSubscribers ?? 0],
  ];
  const [platform, followers] = candidates.reduce((best, next) => (next[1] > best[1] ? next : best));
  return followers > 0 ? { platform, followers } : { platform: null, followers: 0 };
}

/** A profile row as stored. */
type ProfileRow = typeof creatorProfiles.$inferSelect;

/**
 * The proof a request carries for a PayPal change: whatever `requireIdentityProof` accepts besides who and what
 * (today the password or a code; new kinds reach it without a change here).
 */
export type ProfileProof = Omit<Parameters<typeof requireIdentityProof>[2], 'user' | 'creator' | 'subject'>;

export const PROFILE_ALREADY_COMPLETE_MESSAGE =
  'Your profile is already complete: make changes on your profile page.';
export const PAYPAL_CHANGED_MEANWHILE_MESSAGE =
  'Your PayPal email was changed meanwhile. Reload the page and try again.';

/**
 * Writes the whole profile in the caller's transaction (after `lockProfileForWrite`): names, PayPal email (and, when
 * it changes after onboarding, when it did), phone, categories, social accounts and the shipping address; the server
 * computes the tier and the follower total (client values are ignored).
 */
async function writeProfile(
  tx: DatabaseOrTransaction,
  creator: CreatorRow,
  profile: Profile,
  now: Date,
  paypalChangedAt: Date | null,
) {
  const main = mainPlatform(profile);
  const before = await findSocialAccounts(tx, creator.id);
  // An unchanged account keeps the date it last changed; follower changes after onboarding are recorded (issue 13).
  // The counts read from a platform (verified) stay: the form only changes what the creator typed.
  const social = withVerifiedCounts(
    creator.id,
    keepUnchangedDates(socialRows(creator.id, profile, now), before),
    before,
  );
  // The tier and the total count each platform's verified figure where there is one (the typed one otherwise).
  const tier = tierFromAccounts(social).tier;
  const total = totalCountedFollowers(social);
  const values = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    paypalEmail: profile.paypalEmail.toLowerCase(),
    ...(paypalChangedAt ? { paypalEmailChangedAt: paypalChangedAt } : {}),
    phoneNumber: profile.phoneNumber,
    primaryCategory: profile.primaryCategory,
    secondaryCategory: profile.secondaryCategory,
    fullName: profile.fullName,
    addressLine1: profile.addressLine1,
    addressLine2: profile.addressLine2 ?? null,
    city: profile.city,
    state: profile.state,
    zipCode: profile.zipCode,
    shippingPhone: profile.shippingPhone,
    creatorTier: tier,
    totalFollowers: total,
    updatedAt: now,
  };
  await tx
    .insert(creatorProfiles)
    .values({ creatorId: creator.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: creatorProfiles.creatorId, set: values });
  await tx.delete(socialAccounts).where(eq(socialAccounts.creatorId, creator.id));
  if (social.length > 0) await tx.insert(socialAccounts).values(social);
  if (creator.profileCompleted) await recordFollowerChanges(tx, creator.id, before, social, now);
  await tx
    .update(creators)
    .set({
      name: `${profile.firstName} ${profile.lastName}`,
      niche: profile.primaryCategory,
      platform: main.platform ?? creator.platform,
      followers: main.followers,
      profileCompleted: true,
      updatedAt: now,
    })
    .where(eq(creators.id, creator.id));
  return { creatorTier: tier, totalFollowers: total };
}

/**
 * The profile wizard's one save (POST /api/complete-profile): refused with 409 once the creator has a profile, so it
 * can never change a PayPal email (changes go through `updateProfile`, with proof). The two checks and the write run
 * under the creator's lock, so two wizards sent at once make one profile.
 */
export async function completeProfile(services: ServiceContext, creator: CreatorRow, profile: Profile) {
  const { db, now } = atInstant(services);
  return db.transaction(async (tx) => {
    const locked = await lockProfileForWrite(tx, creator.id);
    if (!locked.creator) throw new AppError('NOT_FOUND', 'Failed to create influencer profile');
    if (locked.profile || locked.creator.profileCompleted) {
      throw new AppError('CONFLICT', PROFILE_ALREADY_COMPLETE_MESSAGE);
    }
    return writeProfile(tx, locked.creator, profile, now, null);
  });
}

/**
 * A profile edit (PATCH /api/me/profile; before onboarding it makes the first profile). Issue 22: the rule lives
 * where the field is written, so no route can skip it: a new PayPal email of a creator who has a profile needs the
 * identity proof (services/identity-proof), is stamped `paypal_email_changed_at` in the same transaction (cash-outs
 * wait PAYPAL_CHANGE_HOLD_HOURS from then, services/redemptions), and after the commit both the account email and
 * the previous PayPal address are mailed (a mail failure is logged, never undoes the change). The proof is checked
 * before the transaction (it may wait on the password budget); under the lock the change is computed again, and a
 * change the proof was not checked for (the address moved meanwhile) is refused.
 */
export async function updateProfile(
  services: ServiceContext,
  keys: ProofKeys,
  {
    user,
    creator,
    profile,
    proof = {},
  }: {
    user: { id: string; email: string };
    creator: CreatorRow;
    profile: Profile;
    proof?: ProfileProof;
  },
) {
  const ctx = atInstant(services);
  const next = profile.paypalEmail.toLowerCase();
  const seen = await findProfile(ctx.db, creator.id);
  const proved = seen !== null && seen.paypalEmail !== next;
  if (proved) await requireIdentityProof(ctx, keys, { ...proof, user, creator, subject: 'paypal' });
  const { saved, change, accountEmail } = await ctx.db.transaction(async (tx) => {
    const locked = await lockProfileForWrite(tx, creator.id);
    if (!locked.creator) throw new AppError('NOT_FOUND', 'Failed to create influencer profile');
    const change = paypalChange(locked.profile, next);
    if (change && !proved) throw new AppError('CONFLICT', PAYPAL_CHANGED_MEANWHILE_MESSAGE);
    const saved = await writeProfile(tx, locked.creator, profile, ctx.now, change ? ctx.now : null);
    return { saved, change, accountEmail: locked.creator.email };
  });
  if (change) await tellPaypalChange(ctx, accountEmail, change);
  return saved;
}

/** The PayPal email change a write would make, or null (no profile yet: the address is set, not changed). */
function paypalChange(current: ProfileRow | null, next: string): { previous: string; next: string } | null {
  return current && current.paypalEmail !== next ? { previous: current.paypalEmail, next } : null;
}

/** After the commit: the account email and the previous PayPal address are told; failures are logged. */
async function tellPaypalChange(
  { mailer, logger, appUrl, now: changedAt }: AtInstant,
  accountEmail: string,
  change: { previous: string; next: string },
) {
  const hold = paypalChangeHold(changedAt, changedAt)!;
  const notice = { ...change, changedAt, holdUntil: new Date(hold.until) };
  const mails = [
    paypalChangedAccountMail(appUrl, accountEmail, notice),
    paypalEmailChangedMail(appUrl, change.previous, notice),
  ];
  for (const mail of mails) {
    await mailer
      .send(mail)
      .catch((error: unknown) =>
        logger.error({ err: error, to: mail.to }, 'could not send a PayPal change notice'),
      );
  }
}
