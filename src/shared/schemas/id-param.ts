import { z } from 'zod';

const ID_MESSAGE = 'id must be a positive whole number';

/** A record id in a path (a payout, a creator, a delivery problem): a positive whole number that fits an integer column. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: ID_MESSAGE })
    .int({ error: ID_MESSAGE })
    .positive({ error: ID_MESSAGE })
    .max(2_147_483_647, { error: ID_MESSAGE }),
});
