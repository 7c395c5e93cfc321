import type { z } from 'zod';
import type { ApplicationAction } from '../../../../shared/lifecycle/moves';
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

/** What each step of an applicant card is given: the applicant, the moves this admin may make, the actions, busy. */
export interface ApplicantStepProps {
  applicant: Applicant;
  offers: ReadonlySet<ApplicationAction>;
  actions: ApplicantActions;
  busy: boolean;
}
