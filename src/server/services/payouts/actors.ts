import type { CreatorRow } from '../../../db/schema/creators';
import type { Actor } from './settle';

/** A creator as their payouts' histories name them. */
export const creatorActor = (creator: CreatorRow): Actor => ({
  userId: creator.authUserId,
  name: `${creator.name} (creator)`,
});
