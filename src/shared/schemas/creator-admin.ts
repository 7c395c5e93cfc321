import { z } from 'zod';
import { APPLICATION_STATUSES } from '../lifecycle/statuses';
import { CREATOR_STANDINGS, MODERATION_ACTIONS } from '../moderation';
import { ledgerEntrySchema, payoutSchema } from './payout';
import { reliabilitySchema } from './reliability';
import { shippingAddressSchema } from './shipping';
import { filledText } from './text-field';

/** Issue 13: what an admin sees and does on /admin/influencers/:id. */

export const MODERATION_REASON_MAX = 500;
export const NOTE_MAX = 2000;

/** Suspend, ban or lift: a reason is required (it is mailed to the creator and kept in the audit log). */
export const moderationInputSchema = z.object({
  reason: filledText({
    missing: 'Give a reason (at least 3 characters).',
    notText: 'Give a reason.',
    min: 3,
    max: MODERATION_REASON_MAX,
    tooLong: `The reason can be at most ${MODERATION_REASON_MAX} characters.`,
  }),
});
export type ModerationInput = z.infer<typeof moderationInputSchema>;

export const creatorNoteInputSchema = z.object({
  body: filledText({
    missing: 'Write a note.',
    max: NOTE_MAX,
    tooLong: `A note can be at most ${NOTE_MAX} characters.`,
  }),
});
export type CreatorNoteInput = z.infer<typeof creatorNoteInputSchema>;

export const creatorNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type CreatorNote = z.infer<typeof creatorNoteSchema>;

export const moderationEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  actor: z.string(),
  createdAt: z.string(),
});
export type ModerationEvent = z.infer<typeof moderationEventSchema>;

export const creatorDetailSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  profileCompleted: z.boolean(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  standing: z.enum(CREATOR_STANDINGS),
  engagementRate: z.string().describe('Percent, as entered (text)'),
  measuredPosts: z.number().int().describe('Posts with counted figures behind the engagement rate'),
  tier: z.string().nullable(),
  /** Which count decided the tier ("Tier from verified Instagram followers" / "Tier from stated followers"). */
  tierBasis: z.string().nullable(),
  totalFollowers: z.number().int(),
  profile: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      phoneNumber: z.string(),
      paypalEmail: z.string(),
      primaryCategory: z.string(),
      secondaryCategory: z.string(),
      shipping: shippingAddressSchema,
    })
    .nullable(),
  socials: z.array(
    z.object({
      platform: z.string(),
      handle: z.string().nullable(),
      url: z.string().nullable(),
      followers: z.number().int().nullable().describe('The count the creator typed ("stated")'),
      verifiedFollowers: z
        .number()
        .int()
        .nullable()
        .describe('The count read from the platform with the connected account ("verified")'),
      verifiedAt: z.string().nullable().describe('When the verified count was read'),
      updatedAt: z.string().describe('When the handle or the follower count last changed'),
    }),
  ),
  /** Follower counts changed after onboarding, newest first (issue 13). */
  followerChanges: z.array(
    z.object({
      platform: z.string(),
      oldFollowers: z.number().int().nullable(),
      newFollowers: z.number().int().nullable(),
      changedAt: z.string(),
    }),
  ),
  applications: z.array(
    z.object({
      id: z.number().int(),
      campaignId: z.number().int(),
      campaign: z.string(),
      status: z.enum(APPLICATION_STATUSES),
      appliedAt: z.string(),
      updatedAt: z.string(),
      deliveryProblem: z.string().nullable(),
    }),
  ),
  wallet: z.object({
    balance: z.number().int(),
    inPayout: z.number().int(),
    totalEarned: z.number().int(),
    entries: z.array(ledgerEntrySchema),
  }),
  payouts: z.array(payoutSchema),
  problems: z.array(
    z.object({
      applicationId: z.number().int(),
      campaign: z.string(),
      problem: z.string(),
      note: z.string().nullable(),
      reportedAt: z.string(),
    }),
  ),
  notes: z.array(creatorNoteSchema),
  audit: z.array(moderationEventSchema),
  /** Issue 27: the reliability record, each figure with its counts. */
  reliability: reliabilitySchema,
});
export type CreatorDetail = z.infer<typeof creatorDetailSchema>;
