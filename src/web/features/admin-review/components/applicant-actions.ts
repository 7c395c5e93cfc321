import type { z } from 'zod';
import type { Applicant, shipmentSchema } from '../../../../shared/schemas/application';

/** What the review page does for an applicant card (its steps), and the shipment a card sends. */
export type Shipment = z.output<typeof shipmentSchema>;

export interface ApplicantActions {
  decide: (applicant: Applicant, decision: 'accept' | 'reject') => void;
  ship: (applicant: Applicant, carrier: string, trackingNumber: string) => Promise<string | null>;
  markDelivered: (applicant: Applicant) => void;
  approve: (applicant: Applicant) => void;
  requestChanges: (applicant: Applicant) => void;
}
