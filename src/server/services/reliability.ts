import { reliabilityOf } from '../../db/queries/reliability';
import type { ServiceContext } from './service-context';

/** Issue 27: the signed-in creator's own reliability record (kept by the database, decision 0029). */
export async function myReliability(ctx: ServiceContext, creatorId: number) {
  const records = await reliabilityOf(ctx.db, [creatorId]);
  return { record: records.get(creatorId)! };
}
