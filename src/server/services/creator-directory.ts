import { closedAtOf } from '../../db/queries/account-closures';
import { findCreatorDetail } from '../../db/queries/creator-profile';
import { listCreators } from '../../db/queries/creators';
import { AppError } from '../http/errors';
import type { ServiceContext } from './service-context';

/** The admins' reads of creators: the searchable list and one creator's detail page. */

/** A page of creators, each with when they closed their account (null while open; Adjust Mint leaves those out). */
export async function creatorList(ctx: ServiceContext, query: Parameters<typeof listCreators>[1]) {
  const page = await listCreators(ctx.db, query);
  const closed = await closedAtOf(
    ctx.db,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => ({ ...row, closedAt: closed.get(row.id) ?? null })) };
}

/** One creator as the admins see them (profile, accounts, notes, moderation); 404 when unknown. */
export async function creatorDetail(ctx: ServiceContext, id: number) {
  const detail = await findCreatorDetail(ctx.db, id);
  if (!detail) throw new AppError('NOT_FOUND', 'Creator not found');
  return detail;
}
