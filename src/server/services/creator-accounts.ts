import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  findCreatorByAuthUserId,
  findLatestAccount,
  findUnlinkedCreatorByEmail,
  findUserById,
  upsertTiktokAuth,
} from '../../db/queries/creators';
import { keepSignInHandle } from '../../db/queries/onboarding';
import { type CreatorRow, creators } from '../../db/schema/creators';
import { generateUsername, profileDisplayName } from '../../shared/rules/identity';
import { normalizeHandle } from '../../shared/social-links';
import type { ServiceContext } from './service-context';

/**
 * What a sign-in's creator resolution reaches: the database, the clock and the log (part of the service context;
 * Better Auth's session hook has this part).
 */
export type SignInContext = Pick<ServiceContext, 'db' | 'now' | 'logger'>;

/** Better Auth's provider id for email and password accounts. */
const CREDENTIAL_PROVIDER = 'credential';

export interface SignInIdentity {
  authUserId: string;
  name: string | null;
  email: string;
  image: string | null;
  /** google, facebook, x, tiktok or email. */
  provider: string;
  /** The account id at the provider (TikTok: the open_id). */
  providerAccountId: string | null;
}

/**
 * Spec §4 "Influencer resolution on sign-in": the record linked to this auth user is refreshed (name, image,
 * provider); else a record with the same email and no auth user yet is linked; else a new one is created
 * (email not verified). All in one transaction. Returns null when it fails (the failure is logged).
 */
export async function resolveCreator(
  { db, logger }: SignInContext,
  identity: SignInIdentity,
  now: Date,
): Promise<CreatorRow | null> {
  const name = profileDisplayName(identity.name, identity.email);
  try {
    return await db.transaction(async (tx) => {
      const linked = await findCreatorByAuthUserId(tx, identity.authUserId);
      if (linked) {
        const [row] = await tx
          .update(creators)
          .set({
            // The name the creator gave in the profile wins over the account's (or a provider's) name.
            ...(linked.profileCompleted ? {} : { name }),
            profileImage: identity.image ?? linked.profileImage,
            provider: identity.provider,
            updatedAt: now,
          })
          .where(eq(creators.id, linked.id))
          .returning();
        return row ?? null;
      }
      const unlinked = await findUnlinkedCreatorByEmail(tx, identity.email);
      if (unlinked) {
        const [row] = await tx
          .update(creators)
          .set({
            authUserId: identity.authUserId,
            provider: identity.provider,
            providerId: identity.providerAccountId,
            profileImage: identity.image ?? unlinked.profileImage,
            updatedAt: now,
          })
          .where(eq(creators.id, unlinked.id))
          .returning();
        return row ?? null;
      }
      const [row] = await tx
        .insert(creators)
        .values({
          authUserId: identity.authUserId,
          username: generateUsername(identity.name, identity.email),
          name,
          email: identity.email,
          platform: identity.provider === 'tiktok' ? 'tiktok' : null,
          provider: identity.provider,
          providerId: identity.providerAccountId,
          profileImage: identity.image,
          emailVerified: false,
        })
        .returning();
      return row ?? null;
    });
  } catch (error) {
    logger.error({ err: error, authUserId: identity.authUserId }, 'Failed to create influencer profile');
    return null;
  }
}

/**
 * Runs after every sign-in (a new session): finds the account used, resolves the influencer record for creators,
 * and keeps TikTok tokens in tiktok_auth, and the TikTok username the sign-in read (`tiktokUsername`) as the
 * creator's TikTok handle when they have none (the wizard's step 2 starts from it). Admins have no influencer record.
 */
export async function onSignedIn(
  ctx: SignInContext,
  userId: string,
  tiktokUsername?: (openId: string) => string | undefined,
): Promise<CreatorRow | null> {
  const { db, logger } = ctx;
  const now = ctx.now();
  const user = await findUserById(db, userId);
  if (user?.role !== 'influencer') return null;
  const account = await findLatestAccount(db, userId);
  const provider = !account || account.providerId === CREDENTIAL_PROVIDER ? 'email' : account.providerId;
  const creator = await resolveCreator(
    ctx,
    {
      authUserId: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      provider,
      providerAccountId: account && account.providerId !== CREDENTIAL_PROVIDER ? account.accountId : null,
    },
    now,
  );
  if (creator && account?.providerId === 'tiktok') {
    // Better Auth stores the account's tokens encrypted (encryptOAuthTokens): tiktok_auth keeps that ciphertext,
    // never a token in clear, and the metrics source opens it with the same cipher (tiktok-login.ts).
    await upsertTiktokAuth(db, {
      creatorId: creator.id,
      openId: account.accountId,
      accessToken: account.accessToken,
      refreshToken: account.refreshToken,
      tokenExpiresAt: account.accessTokenExpiresAt ?? new Date(now.getTime() + 24 * 3_600_000),
    }).catch((error: unknown) => logger.error({ err: error }, 'Failed to create TikTok influencer profile'));
    const handle = normalizeHandle('tiktok', tiktokUsername?.(account.accountId));
    if (handle) {
      await keepSignInHandle(db, {
        creatorId: creator.id,
        platform: 'tiktok',
        handle,
        at: now,
      }).catch((error: unknown) => logger.error({ err: error }, 'Failed to keep the TikTok handle'));
    }
  }
  return creator;
}

/** The creator record of a sign-in account, or null (an admin, or a sign-in whose record is not made yet). */
export function creatorOfAccount(db: Database, userId: string): Promise<CreatorRow | null> {
  return findCreatorByAuthUserId(db, userId);
}

/**
 * The creator record of a signed-in creator as the session answer shows it: a sign-in whose record could not be
 * made then gets another chance here (null while it still cannot).
 */
export async function sessionCreator(services: SignInContext, userId: string): Promise<CreatorRow | null> {
  return (await creatorOfAccount(services.db, userId)) ?? (await onSignedIn(services, userId));
}
