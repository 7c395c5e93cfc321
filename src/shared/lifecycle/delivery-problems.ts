import { labelledValues } from '../labelled-values';

/**
 * The problems a creator may report about a PR box (the application stays where it is; the problem has its own
 * steps), each as the admin and the creator read it.
 */
export const DELIVERY_PROBLEM_LABELS = {
  not_received: 'Not received',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
};
export const DELIVERY_PROBLEMS = labelledValues(DELIVERY_PROBLEM_LABELS);
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];
