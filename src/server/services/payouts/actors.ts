import type { InfluencerRow } from '../../../db/schema/influencers';
import type { Actor } from './settle';

/** A creator as their payouts' histories name them. */
export const creatorActor = (influencer: InfluencerRow): Actor => ({
  userId: influencer.authUserId,
  name: `${influencer.name} (creator)`,
});
