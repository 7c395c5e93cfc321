import { z } from 'zod';

/** Issue 38: one tracked box on the admin's shipping board. */
export const carrierBoardBoxSchema = z.object({
  applicationId: z.number().int(),
  creator: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** EasyPost's status name (null: the tracker has none yet). */
  status: z.string().nullable(),
  /** The tracker's time of its latest status. */
  lastEventAt: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  /** No carrier event for 7 days and no final status. */
  silent: z.boolean(),
});

/** GET /api/admin/campaigns/{id}/carrier-statuses: the counts per carrier status and the boxes of the filter. */
export const carrierBoardSchema = z.object({
  counts: z.record(z.string(), z.number().int()),
  summary: z.string(),
  silent: z.number().int(),
  final: z.number().int(),
  boxes: z.array(carrierBoardBoxSchema),
});

/** The board's filter: a carrier status (EasyPost's names) or `silent`; none lists every tracked box. */
export const carrierBoardQuerySchema = z.object({
  filter: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'Choose a carrier status or silent')
    .optional(),
});

export type CarrierBoard = z.infer<typeof carrierBoardSchema>;
export type CarrierBoardBox = z.infer<typeof carrierBoardBoxSchema>;
