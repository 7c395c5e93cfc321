/** The problems a creator may report about a PR box (the application stays where it is; the problem has its own steps). */
export const DELIVERY_PROBLEMS = ['not_received', 'damaged', 'wrong_item'] as const;
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];

/** A reported delivery problem, as the admin and the creator read it. */
export const DELIVERY_PROBLEM_LABELS: Record<DeliveryProblem, string> = {
  not_received: 'Not received',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
};
