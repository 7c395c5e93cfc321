import type { NewCampaignRow } from '../schema/campaigns';

/**
 * A demo campaign, with dates relative to the day the seed runs so the demo always has live campaigns:
 * the deadline is `deadlineInDays` from today (negative: already passed) and the campaign was created
 * `ageInHours` ago (this fixes the newest-first order).
 */
export type DemoCampaign = Omit<
  NewCampaignRow,
  'id' | 'deadline' | 'createdAt' | 'updatedAt' | 'searchText'
> & {
  deadlineInDays: number;
  ageInHours: number;
};
