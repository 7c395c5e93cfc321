import { z } from 'zod';
import { applicantSchema } from './application';
import { applicantEngagementSchema } from './content-metrics';
import { chosenVariantSchema } from './products';
import { profileFields } from './profile';
import { reliabilitySchema } from './reliability';

/** Issue 13: where a PR box goes, as the admin sees and overrides it (the profile's rules and messages). */
export const shippingAddressInputSchema = z.object({
  fullName: profileFields.fullName,
  addressLine1: profileFields.addressLine1,
  addressLine2: profileFields.addressLine2,
  city: profileFields.city,
  state: profileFields.state,
  zipCode: profileFields.zipCode,
  phone: profileFields.shippingPhone,
  reason: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
      z.string().max(500, { error: 'The reason can be at most 500 characters.' }).optional(),
    )
    .describe('Why the address changed (shown to the creator in the mail)'),
});
export type ShippingAddressInput = z.input<typeof shippingAddressInputSchema>;
export type ShippingAddress = z.output<typeof shippingAddressInputSchema>;

/** A shipping address as read back (the creator's profile, an admin's page). */
export const shippingAddressSchema = z.object({
  fullName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string(),
});

export const shippingAddressViewSchema = shippingAddressSchema.extend({
  /** True when an admin set this address for this application (instead of the profile's). */
  overridden: z.boolean(),
});
export type ShippingAddressView = z.infer<typeof shippingAddressViewSchema>;

export const socialHandleSchema = z.object({
  platform: z.string(),
  handle: z.string().nullable(),
  url: z.string().nullable(),
  followers: z.number().int().nullable(),
});
export type SocialHandle = z.infer<typeof socialHandleSchema>;

/** An applicant on the admin's review page with their handles; accepted ones carry the full shipping address. */
export const adminApplicantSchema = applicantSchema.extend({
  shipping: shippingAddressViewSchema.nullable(),
  handles: z.array(socialHandleSchema),
  /** Follower counts that moved more than 50% since the creator's last review (issue 13). */
  followerFlags: z.array(z.string()),
});

/**
 * An applicant on the review page: the card's details, the creator's reliability record (issue 27) and their
 * engagement from their measured posts (read with the page, for its creators only: issue 28).
 */
export const reviewApplicantSchema = adminApplicantSchema.extend({
  reliability: reliabilitySchema,
  engagement: applicantEngagementSchema,
  /** The variant the creator chose of each product the campaign offers (issue 37; empty without products). */
  choices: z.array(chosenVariantSchema),
});
export type ReviewApplicant = z.infer<typeof reviewApplicantSchema>;

/** GET /api/admin/campaigns/:id/applications: one keyset page, the cursor of the next, and each group's count. */
export const adminApplicantListSchema = z.object({
  items: z.array(reviewApplicantSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Applicants per status group (under the "missed none" filter when it is on). */
  counts: z.object({
    all: z.number().int(),
    review: z.number().int(),
    progress: z.number().int(),
    approved: z.number().int(),
    closed: z.number().int(),
    /** Accepted and waiting for their PR box (the shipping CSV's rows). */
    awaitingShipment: z.number().int(),
  }),
});
export type AdminApplicantList = z.infer<typeof adminApplicantListSchema>;

/** POST /api/admin/campaigns/:id/shipments: how many lines were imported, and why the others were not. */
export const shipmentReportSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), error: z.string() })),
});
export type ShipmentReport = z.infer<typeof shipmentReportSchema>;
export type AdminApplicant = z.infer<typeof adminApplicantSchema>;

/** The columns of GET /api/admin/campaigns/:id/shipping.csv (carrier and tracking_number are filled in and uploaded back). */
export const SHIPPING_CSV_HEADER = [
  'application_id',
  'carrier',
  'tracking_number',
  'full_name',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
  'country',
  'phone',
  'email',
  'instagram',
  'tiktok',
  'youtube',
  'facebook',
  'box_count',
  /** The chosen variant(s) of the box (issue 37): SKU and "Product · Variant", several joined by "; ". */
  'sku',
  'variant',
] as const;
