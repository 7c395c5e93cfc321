import { listMyApplications } from '../../../db/queries/applications';
import type { ServiceContext } from '../service-context';

/** The creator's applications with their next step and deadlines, as of the context's clock. */
export function myApplications(ctx: ServiceContext, influencerId: number) {
  return listMyApplications(ctx.db, influencerId, ctx.now());
}
