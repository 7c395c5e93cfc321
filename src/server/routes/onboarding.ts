import { z } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import { creatorRecordSchema } from '../../shared/schemas/me';
import {
  codeSentSchema,
  completeProfileSchema,
  emailVerifiedSchema,
  profileBaseSchema,
  profileCompletedSchema,
  sendVerificationSchema,
  verifyEmailSchema,
  withDistinctCategories,
} from '../../shared/schemas/profile';
import { validationErrorBody } from '../http/errors';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, refusal } from '../http/route-responses';
import { creatorOnly, currentCreator, verifiedCreator } from '../middleware/creator';
import { clientAddress, currentUser } from '../middleware/session';
import { creatorRecord } from '../services/creator-description';
import { isEmailChange, sendVerificationCode, verifyEmailCode } from '../services/email-verification';
import {
  type ProofKeys,
  type ProofSubject,
  requireIdentityProof,
  sendProofCode,
} from '../services/identity-proof';
import { completeProfile, type ProfileProof, updateProfile } from '../services/profiles';

/**
 * Proof for a PayPal or email change: the account password, or a code sent to the verified email; for an account
 * with an authenticator app, a code from it (totpCode).
 */
const proofFields = {
  currentPassword: z.string().max(128).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/, { error: 'Invalid verification code' })
    .optional(),
  totpCode: z
    .string()
    .regex(/^\d{6}$/, { error: 'Please enter the 6-digit code from your authenticator app' })
    .optional(),
};

/** Profile validation answers with the spec's message as is, and the field it is about. */
const profileHook = (
  result: { success: boolean; error?: unknown },
  c: { json: (body: unknown, status: 400) => Response },
) => {
  if (!result.success) {
    const error = result.error as ZodError;
    return c.json(validationErrorBody(error, error.issues[0]?.message ?? 'Failed to save profile'), 400);
  }
};

const creatorRoute = routeGroup({
  tags: ['Onboarding'],
  middleware: [creatorOnly] as const,
  refusals: { 401: refusal('Not signed in') },
});

const sendVerificationRoute = creatorRoute.post('/send-verification', {
  summary:
    'Send a 6-digit code to the address the creator wants to verify (moving the verified email of an onboarded account needs the password or a code from the current email)',
  request: { body: jsonBody(sendVerificationSchema.extend(proofFields)) },
  responses: {
    200: answer('Code sent', codeSentSchema),
    400: refusal('Bad email'),
    403: refusal('An email change was not confirmed'),
    409: refusal('Email already registered to another account'),
    429: refusal('Too many codes; see Retry-After'),
  },
});

const verifyEmailRoute = creatorRoute.post('/verify-email', {
  summary: 'Check the code; on success the address becomes the verified email',
  request: { body: jsonBody(verifyEmailSchema) },
  responses: {
    200: answer('Verified', emailVerifiedSchema),
    400: refusal('Invalid or expired code'),
    403: refusal('An email change without a confirmed code'),
    409: refusal('Email already registered to another account'),
  },
});

const completeProfileRoute = creatorRoute.post('/complete-profile', {
  summary:
    'Save the profile wizard, once (tier and follower total are computed by the server); a completed profile is changed with PATCH /api/me/profile',
  request: { body: jsonBody(completeProfileSchema) },
  responses: {
    200: answer('Saved', profileCompletedSchema),
    400: refusal('A field is not valid (its spec message, and the field)'),
    403: refusal('Email not verified yet'),
    409: refusal('The profile is already complete (changes go through PATCH /api/me/profile)'),
  },
});

const updateProfileSchema = withDistinctCategories(profileBaseSchema.extend(proofFields));

const updateProfileRoute = creatorRoute.patch('/me/profile', {
  summary:
    'Edit the profile; a new PayPal email needs the account password (or, without one, a code sent to the verified email), tells the account email and the previous PayPal address, and pauses cash-outs for 24 hours',
  request: { body: jsonBody(updateProfileSchema) },
  responses: {
    200: answer('Saved', creatorRecordSchema),
    400: refusal('A field is not valid'),
    403: refusal('PayPal change not confirmed'),
    409: refusal('The PayPal email changed meanwhile'),
    429: refusal('Too many wrong passwords; see Retry-After'),
  },
});

const paypalCodeRoute = creatorRoute.post('/me/paypal-code', {
  summary:
    'Send a code to the verified email, to confirm a PayPal or email change on an account without a password',
  responses: {
    200: answer('Code sent', codeSentSchema),
    400: refusal('The account has a password: confirm with it'),
    429: refusal('Too many codes'),
  },
});

export const onboardingRoutes = createRouter()
  .openapi(sendVerificationRoute, async (c) => {
    const creator = await currentCreator(c);
    const {
      proof,
      rest: { email },
    } = splitProof(c.req.valid('json'));
    const changing = isEmailChange(creator, email);
    if (changing) await confirmChange(c, creator, 'email', proof);
    const { expiresAt } = await sendVerificationCode(c.get('services'), proofKeys(c).secret, {
      creator,
      email,
      clientIp: clientAddress(c),
      purpose: changing ? 'email_change' : 'verify',
    });
    return c.json({ sent: true as const, expiresAt: expiresAt.toISOString() }, 200);
  })
  .openapi(verifyEmailRoute, async (c) => {
    const creator = await currentCreator(c);
    const { email, code } = c.req.valid('json');
    const verified = await verifyEmailCode(c.get('services'), proofKeys(c).secret, {
      creator,
      email,
      code,
    });
    return c.json({ verified: true as const, email: verified.email }, 200);
  })
  .openapi(
    completeProfileRoute,
    async (c) => {
      const creator = await verifiedCreator(c);
      const {
        influencer_tier: _t,
        total_followers: _f,
        profile_completed: _p,
        user_session: _s,
        ...profile
      } = c.req.valid('json');
      const saved = await completeProfile(c.get('services'), creator, profile);
      return c.json(
        { ok: true as const, influencer_tier: saved.creatorTier, total_followers: saved.totalFollowers },
        200,
      );
    },
    profileHook as never,
  )
  .openapi(
    updateProfileRoute,
    async (c) => {
      const creator = await verifiedCreator(c);
      const { proof, rest: profile } = splitProof(c.req.valid('json'));
      const user = currentUser(c);
      await updateProfile(c.get('services'), proofKeys(c), { user, creator, profile, proof });
      return c.json(await creatorRecord(c.get('services'), creator.id, user.id), 200);
    },
    profileHook as never,
  )
  .openapi(paypalCodeRoute, async (c) => {
    const creator = await verifiedCreator(c);
    const { expiresAt } = await sendProofCode(c.get('services'), proofKeys(c).secret, {
      creator,
      userId: currentUser(c).id,
      clientIp: clientAddress(c),
    });
    return c.json({ sent: true as const, expiresAt: expiresAt.toISOString() }, 200);
  });

/** What an identity proof is checked with besides the service context: Better Auth's keys and the app's secret. */
function proofKeys(c: Parameters<typeof currentCreator>[0]): ProofKeys {
  const { env, auth } = c.get('deps');
  return { auth, secret: env.authSecret };
}

/** Separates the proof fields (every key of `proofFields`) from the rest of a body. */
function splitProof<T extends Record<string, unknown>>(body: T) {
  const rest: Record<string, unknown> = { ...body };
  const proof: Record<string, unknown> = {};
  for (const key of Object.keys(proofFields)) {
    if (key in rest) proof[key] = rest[key];
    delete rest[key];
  }
  return { proof: proof as ProfileProof, rest: rest as Omit<T, keyof typeof proofFields> };
}

/** The PayPal email or the verified email changes only with proof (services/identity-proof). */
async function confirmChange(
  c: Parameters<typeof currentCreator>[0],
  creator: Awaited<ReturnType<typeof currentCreator>>,
  subject: ProofSubject,
  proof: ProfileProof,
) {
  await requireIdentityProof(c.get('services'), proofKeys(c), {
    ...proof,
    user: currentUser(c),
    creator,
    subject,
  });
}
