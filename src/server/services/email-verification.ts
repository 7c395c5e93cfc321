import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cancelLiveCodes,
  findOtherVerifiedCreatorByEmail,
  latestCodeFor,
  liveCodeFor,
} from '../../db/queries/onboarding';
import { type CreatorRow, creators } from '../../db/schema/creators';
import { type CodePurpose, emailVerificationCodes } from '../../db/schema/onboarding';
import { AppError } from '../http/errors';
import { emailChangedMail } from '../mail/payout-templates';
import { verificationCodeMail } from '../mail/templates';
import { consumeRateLimit, hitRateLimit } from './app-rate-limits';
import { type AtInstant, atInstant, type ServiceContext } from './service-context';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60_000;
export const SENDS_PER_HOUR = 5;

export const ALREADY_REGISTERED_MESSAGE = 'This email address is already registered to another account.';
export const INVALID_CODE_MESSAGE = 'Invalid verification code';
export const EMAIL_CHANGE_PROOF_MESSAGE =
  'To change your email address, first confirm it is you with your password or a code sent to your current email.';

/** An account that finished onboarding moving its verified email to another address (needs proof: issue 9). */
export function isEmailChange(creator: CreatorRow, address: string): boolean {
  return (
    creator.emailVerified &&
    creator.profileCompleted &&
    creator.email.toLowerCase() !== address.trim().toLowerCase()
  );
}

/** A 6-digit code from the secure random source. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code: bound to the creator and the address, keyed by the server secret. */
export function hashCode(secret: string, creatorId: number, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${creatorId}:${email.toLowerCase()}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

interface Context {
  db: Database;
  secret: string;
  now: Date;
}

/**
 * Sends a fresh code to `email` for this creator: refuses another account's verified address, at most one send a
 * minute per creator and 5 an hour per address and per client address; earlier codes stop working. `purpose` says
 * what the code may be used for (an email change right after its proof code does not wait the minute).
 */
export async function sendVerificationCode(
  services: ServiceContext,
  secret: string,
  {
    creator,
    email,
    clientIp,
    purpose = 'verify',
  }: { creator: CreatorRow; email: string; clientIp: string; purpose?: CodePurpose },
): Promise<{ expiresAt: Date }> {
  const { db, now, mailer, appUrl } = atInstant(services);
  const address = email.trim().toLowerCase();
  if (await findOtherVerifiedCreatorByEmail(db, address, creator.id)) {
    throw new AppError('CONFLICT', ALREADY_REGISTERED_MESSAGE);
  }
  // One atomic count decides, so a burst of resends sends one code, not one per request that read the last code.
  // An email change right after its proof code does not wait the minute (the proof code was that minute's send).
  const latest = purpose === 'email_change' ? await latestCodeFor(db, creator.id) : undefined;
  if (latest?.purpose !== 'proof') {
    const resend = await consumeRateLimit(
      db,
      `verify-resend|${creator.id}`,
      { window: RESEND_INTERVAL_MS / 1000, max: 1 },
      now,
    );
    if (!resend.allowed) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Please wait ${resend.retryAfter} seconds before requesting another code.`,
        { 'Retry-After': String(resend.retryAfter) },
      );
    }
  }
  const hourly = { window: 3600, max: SENDS_PER_HOUR };
  const tooMany = 'Too many codes requested. Please try again in an hour.';
  await hitRateLimit(db, `verify-send-email|${address}`, hourly, tooMany, now);
  await hitRateLimit(db, `verify-send-ip|${clientIp}`, hourly, tooMany, now);

  const code = generateCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await cancelLiveCodes(tx, creator.id, now);
    await tx.insert(emailVerificationCodes).values({
      creatorId: creator.id,
      email: address,
      purpose,
      codeHash: hashCode(secret, creator.id, address, code),
      expiresAt,
      createdAt: now,
    });
    await tx
      .update(creators)
      .set({ verificationEmail: address, updatedAt: now })
      .where(eq(creators.id, creator.id));
  });
  try {
    await mailer.send(verificationCodeMail(appUrl, address, code));
  } catch (error) {
    await cancelLiveCodes(db, creator.id, now);
    throw new AppError('UNAVAILABLE', 'Failed to send verification email', {}, error);
  }
  return { expiresAt };
}

/**
 * Finds the live code for this creator and address and checks it (without spending it). Wrong: counts a try; the
 * 5th wrong try cancels the code. Expired codes never work.
 */
async function checkLiveCode(
  { db, secret, now }: Context,
  { creator, address, code }: { creator: CreatorRow; address: string; code: string },
) {
  const live = await liveCodeFor(db, creator.id, address);
  if (!live) throw new AppError('BAD_REQUEST', INVALID_CODE_MESSAGE);
  if (live.expiresAt.getTime() <= now.getTime()) {
    await db
      .update(emailVerificationCodes)
      .set({ consumedAt: now })
      .where(eq(emailVerificationCodes.id, live.id));
    throw new AppError('BAD_REQUEST', 'This code has expired. Please request a new one.');
  }
  if (!sameHash(live.codeHash, hashCode(secret, creator.id, address, code))) {
    const [counted] = await db
      .update(emailVerificationCodes)
      .set({
        attempts: sql`${emailVerificationCodes.attempts} + 1`,
        consumedAt: sql`case when ${emailVerificationCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(emailVerificationCodes.id, live.id), isNull(emailVerificationCodes.consumedAt)))
      .returning({ attempts: emailVerificationCodes.attempts });
    if (counted && counted.attempts >= MAX_CODE_ATTEMPTS) {
      throw new AppError('BAD_REQUEST', 'Too many wrong codes. Please request a new code.');
    }
    throw new AppError('BAD_REQUEST', INVALID_CODE_MESSAGE);
  }
  return live;
}

/**
 * Spends a code sent to the creator's verified email as proof that it is them (a PayPal or email change). Nothing
 * else changes.
 */
export async function consumeProofCode(
  ctx: AtInstant,
  secret: string,
  { creator, code }: { creator: CreatorRow; code: string },
): Promise<void> {
  const live = await checkLiveCode(
    { db: ctx.db, secret, now: ctx.now },
    { creator, address: creator.email.toLowerCase(), code },
  );
  const spent = await ctx.db
    .update(emailVerificationCodes)
    .set({ consumedAt: ctx.now })
    .where(and(eq(emailVerificationCodes.id, live.id), isNull(emailVerificationCodes.consumedAt)))
    .returning({ id: emailVerificationCodes.id });
  if (spent.length === 0) throw new AppError('BAD_REQUEST', INVALID_CODE_MESSAGE);
}

/**
 * Checks a code. Right: the creator's email becomes this address, verified (once: the code is spent in the same
 * transaction). An account that finished onboarding can only move to another address with a code sent after a proof
 * (purpose email_change); after such a move the old address is told (a mail failure is logged, never undoes it).
 */
export async function verifyEmailCode(
  services: ServiceContext,
  secret: string,
  { creator, email, code }: { creator: CreatorRow; email: string; code: string },
): Promise<CreatorRow> {
  const ctx = atInstant(services);
  const address = email.trim().toLowerCase();
  const changing = isEmailChange(creator, address);
  const live = await checkLiveCode({ db: ctx.db, secret, now: ctx.now }, { creator, address, code });
  if (changing && live.purpose !== 'email_change') {
    throw new AppError('FORBIDDEN', EMAIL_CHANGE_PROOF_MESSAGE);
  }
  const verified = await spendAndVerify(ctx, creator, live.id, address);
  if (changing) {
    const mail = emailChangedMail(ctx.appUrl, creator.email, verified.email);
    await ctx.mailer
      .send(mail)
      .catch((error: unknown) => ctx.logger.error({ err: error, to: mail.to }, 'could not send a notice'));
  }
  return verified;
}

/** Spends the checked code and makes the address the creator's verified email, in one transaction. */
async function spendAndVerify(
  { db, now }: AtInstant,
  creator: CreatorRow,
  codeId: number,
  address: string,
): Promise<CreatorRow> {
  try {
    return await db.transaction(async (tx) => {
      const spent = await tx
        .update(emailVerificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(emailVerificationCodes.id, codeId), isNull(emailVerificationCodes.consumedAt)))
        .returning({ id: emailVerificationCodes.id });
      if (spent.length === 0) throw new AppError('BAD_REQUEST', INVALID_CODE_MESSAGE);
      if (await findOtherVerifiedCreatorByEmail(tx, address, creator.id)) {
        throw new AppError('CONFLICT', ALREADY_REGISTERED_MESSAGE);
      }
      const [row] = await tx
        .update(creators)
        .set({ email: address, emailVerified: true, verificationEmail: address, updatedAt: now })
        .where(eq(creators.id, creator.id))
        .returning();
      return row!;
    });
  } catch (error) {
    // The unique index on verified emails catches a race with another account verifying the same address.
    if (error instanceof AppError) throw error;
    if (
      String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
      '23505'
    ) {
      throw new AppError('CONFLICT', ALREADY_REGISTERED_MESSAGE);
    }
    throw error;
  }
}
