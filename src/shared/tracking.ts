import { labelledValues } from './labelled-values';

/** The carriers whose tracking pages we link to (issue 13). */
export const CARRIER_LABELS = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
};
export const KNOWN_CARRIERS = labelledValues(CARRIER_LABELS);
export type KnownCarrier = (typeof KNOWN_CARRIERS)[number];

/**
 * Which well-known carrier a free-text carrier name means ("UPS Ground", "U.S. Postal Service", "Fed Ex",
 * "DHL Express"…); when the name says nothing (empty, "other"), the tracking number's shape may (1Z… is UPS, a
 * 20-22 digit number starting 92-95 or 420 is USPS). Null when neither tells.
 */
export function carrierOf(carrier: string | null, trackingNumber?: string | null): KnownCarrier | null {
  const name = (carrier ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (name.startsWith('usps') || name.includes('postalservice') || name === 'uspostal') return 'usps';
  if (name.startsWith('ups')) return 'ups';
  if (name.startsWith('fedex') || name.startsWith('federalexpress')) return 'fedex';
  if (name.startsWith('dhl')) return 'dhl';
  const number = (trackingNumber ?? '').replace(/\s/g, '').toUpperCase();
  if (/^1Z[0-9A-Z]{16}$/.test(number)) return 'ups';
  if (/^(9[2-5]\d{18,20}|420\d{5}(\d{4})?9[2-5]\d{18,20})$/.test(number)) return 'usps';
  return null;
}

/** A link to the carrier's tracking page for UPS, USPS, FedEx and DHL; null for other carriers or no number. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  const trimmed = trackingNumber?.trim();
  if (!trimmed) return null;
  const n = encodeURIComponent(trimmed.replace(/\s/g, ''));
  switch (carrierOf(carrier, trimmed)) {
    case 'usps':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case 'ups':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case 'dhl':
      return `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}`;
    default:
      return null;
  }
}

/** Who said a box arrived (issue 38): the carrier's tracking, or a person (an admin's mark or the creator's word). */
export type DeliveredBy = 'carrier' | 'person';

/** One carrier scan on a box's timeline: the carrier's status, words, time and place. */
export interface CarrierEvent {
  status: string;
  message: string;
  at: string;
  place: string | null;
}

/** The carrier's statuses (EasyPost's names) in the creator's words. */
export const CARRIER_STATUS_LABELS: Record<string, string> = {
  unknown: 'Waiting for the carrier',
  pre_transit: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  available_for_pickup: 'Ready for pickup',
  return_to_sender: 'Returned to sender',
  failure: 'Delivery failed',
  cancelled: 'Cancelled',
  error: 'Tracking error',
};
