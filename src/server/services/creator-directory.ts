import { findCreatorDetail } from '../../db/queries/creator-profile';
import { listInfluencers } from '../../db/queries/influencers';
import { AppError } from '../errors';
import type { ServiceContext } from './service-context';

/** The admins' reads of creators: the searchable list and one creator's detail page. */

export function creatorList(ctx: ServiceContext, query: Parameters<typeof listInfluencers>[1]) {
  return listInfluencers(ctx.db, query);
}

/** One creator as the admins see them (profile, accounts, notes, moderation); 404 when unknown. */
export async function creatorDetail(ctx: ServiceContext, id: number) {
  const detail = await findCreatorDetail(ctx.db, id);
  if (!detail) throw new AppError('NOT_FOUND', 'Creator not found');
  return detail;
}
