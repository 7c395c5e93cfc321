import { z } from 'zod';
import { DELIVERY_PROBLEMS } from '../lifecycle/delivery-problems';
import { APPLICATION_STATUSES } from '../lifecycle/statuses';
import { campaignSchema } from './campaign';
import { postLookSchema } from './content-metrics';
import { choicesField, chosenVariantSchema } from './products';

const idsSchema = z
  .array(z.number().int().positive(), { error: 'ids must be a list of application ids' })
  .min(1, { error: 'ids must name at least one application' })
  .max(500, { error: 'ids can name at most 500 applications' });

export const applySchema = z.object({
  pitch: z.string().trim().max(1000, { error: 'pitch must be at most 1000 characters' }).optional(),
  /** One variant of each product the campaign offers (none when it offers no products). */
  choices: choicesField.optional(),
});

export const deliverySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('confirm') }),
    z.object({
      action: z.literal('report'),
      problem: z.enum(DELIVERY_PROBLEMS, { error: 'problem must be not_received, damaged or wrong_item' }),
      note: z.string().trim().max(1000).optional(),
    }),
  ],
  { error: 'action must be confirm or report' },
);

export const submissionSchema = z.object({
  urls: z
    .array(z.string().trim().url({ error: 'urls: each link must be a web address' }), {
      error: 'urls must be a list of links',
    })
    .min(1, { error: 'urls: add the link to your post' })
    .max(10, { error: 'urls: at most 10 links' }),
  note: z.string().trim().max(1000, { error: 'note must be at most 1000 characters' }).optional(),
});

export const decisionSchema = z.object({
  message: z.string().trim().max(1000, { error: 'message must be at most 1000 characters' }).optional(),
});

export const bulkDecisionSchema = decisionSchema.extend({
  ids: idsSchema,
  decision: z.enum(['accept', 'reject'], { error: 'decision must be accept or reject' }),
});

export const shipmentSchema = z.object({
  carrier: z.string().trim().min(1, { error: 'carrier is required' }).max(60),
  trackingNumber: z.string().trim().min(1, { error: 'trackingNumber is required' }).max(60),
});

export const changesRequestSchema = z.object({
  message: z.string().trim().min(1, { error: 'message: tell the creator what to change' }).max(2000),
});

export const submissionViewSchema = z.object({
  id: z.number().int(),
  urls: z.array(z.string()),
  note: z.string().nullable(),
  status: z.enum(['submitted', 'approved', 'changes_requested']),
  reviewMessage: z.string().nullable(),
  createdAt: z.string(),
  /** The posts the platform's API described (caption, thumbnail), one per link that has a preview. */
  previews: z.array(postLookSchema.extend({ postUrl: z.string() })),
});

/** Issue 38: the carrier's view of a box (its latest status, estimate and scans) and who said it arrived. */
export const carrierTrackingSchema = z.object({
  status: z.string().nullable(),
  statusAt: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  events: z.array(
    z.object({ status: z.string(), message: z.string(), at: z.string(), place: z.string().nullable() }),
  ),
  deliveredAt: z.string().nullable(),
  /** 'carrier' (a tracking event) or 'person' (an admin or the creator); null while not delivered. */
  deliveredBy: z.enum(['carrier', 'person']).nullable(),
  /** The carrier's own delivery time when a person had marked the box first (both are kept). */
  carrierDeliveredAt: z.string().nullable(),
});
export type CarrierTracking = z.infer<typeof carrierTrackingSchema>;

/** An application as its creator sees it on the dashboard. */
export const myApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  statusLabel: z.string(),
  progress: z.number().int(),
  nextStep: z.string(),
  adminMessage: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  deliveryProblem: z.enum(DELIVERY_PROBLEMS).nullable(),
  uploadDeadline: z.string(),
  canWithdraw: z.boolean(),
  canConfirmDelivery: z.boolean(),
  canSubmitContent: z.boolean(),
  /** Issue 13: the creator's own deadline and why it moved (src/shared/posting-clock.ts). */
  postingClock: z
    .object({
      deadline: z.string(),
      campaignDeadline: z.string(),
      paused: z.boolean(),
      reasons: z.array(z.string()),
    })
    .nullable(),
  /** Null for an application whose box was never tracked nor delivered. */
  tracking: carrierTrackingSchema.nullable(),
  createdAt: z.string(),
  campaign: campaignSchema.pick({
    id: true,
    name: true,
    brand: true,
    platform: true,
    type: true,
    reward: true,
    deadline: true,
    imageUrl: true,
    status: true,
  }),
  latestSubmission: submissionViewSchema.nullable(),
  /** The variant chosen of each product (issue 37), and whether it may still change (until the box ships). */
  choices: z.array(chosenVariantSchema),
  canChangeChoice: z.boolean(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

/** GET /api/me/applications. */
export const myApplicationListSchema = z.object({ items: z.array(myApplicationSchema) });

/** GET /api/campaigns/:id/eligibility: can the signed-in creator apply, and if not, why (the server's words). */
export const eligibilitySchema = z.object({
  canApply: z.boolean(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
  application: z.object({ id: z.number().int(), status: z.enum(APPLICATION_STATUSES) }).nullable(),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

/** POST /api/admin/submissions/:id/approve: the submission and the Mint credited for it. */
export const approvedResultSchema = z.object({ id: z.number().int(), credited: z.number().int() });

/** POST /api/admin/applications/decisions: the applications decided. */
export const decidedResultSchema = z.object({ ids: z.array(z.number().int()) });

/** An applicant as the admin reviews them. */
export const applicantSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  pitch: z.string().nullable(),
  adminMessage: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  deliveryProblem: z.enum(DELIVERY_PROBLEMS).nullable(),
  deliveryProblemNote: z.string().nullable(),
  tracking: carrierTrackingSchema.nullable(),
  createdAt: z.string(),
  creator: z.object({
    id: z.number().int(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    tier: z.string(),
    totalFollowers: z.number().int(),
    /** The counts the creator typed ("stated"), by platform. */
    followers: z.record(z.string(), z.number().int().nullable()),
    /** The counts read from the platform with the connected account ("verified"), by platform, and when. */
    verifiedFollowers: z.record(z.string(), z.object({ followers: z.number().int(), at: z.string() })),
    /** Which count decided the tier ("Tier from verified Instagram followers" / "Tier from stated followers"). */
    tierBasis: z.string(),
    primaryCategory: z.string().nullable(),
    secondaryCategory: z.string().nullable(),
    state: z.string().nullable(),
    /** When the creator closed their account (decision 0028): their open applications ended with it. */
    accountClosedAt: z.string().nullable(),
  }),
  latestSubmission: submissionViewSchema.nullable(),
});
export type Applicant = z.infer<typeof applicantSchema>;
