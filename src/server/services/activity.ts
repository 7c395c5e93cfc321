import { listActivity } from '../../db/queries/activity';
import type { ServiceContext } from './service-context';

/** The creator's recent activity (applications, shipments, reviews, Mint), newest first. */
export function recentActivity(ctx: ServiceContext, creatorId: number) {
  return listActivity(ctx.db, creatorId);
}
