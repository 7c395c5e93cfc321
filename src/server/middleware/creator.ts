import type { Context } from 'hono';
import type { CreatorRow } from '../../db/schema/creators';
import type { AppBindings } from '../http/context';
import { AppError } from '../http/errors';
import { sessionCreator } from '../services/creator-accounts';
import { currentUser, requireRole } from './session';

/** In front of every creator route: 401 unless signed in, 403 unless the user is a creator (role `influencer`). */
export const creatorOnly = requireRole('influencer');

/**
 * The signed-in creator's influencer record (made now if an earlier sign-in could not make it). Call behind
 * `creatorOnly`.
 */
export async function currentCreator(c: Context<AppBindings>): Promise<CreatorRow> {
  const user = currentUser(c);
  const creator = await sessionCreator(c.get('services'), user.id);
  if (!creator) throw new AppError('NOT_FOUND', 'Failed to create influencer profile');
  return creator;
}

/** Like currentCreator, but 403 until the creator has verified their email. */
export async function verifiedCreator(c: Context<AppBindings>): Promise<CreatorRow> {
  const creator = await currentCreator(c);
  if (!creator.emailVerified) throw new AppError('FORBIDDEN', 'Please verify your email address first.');
  return creator;
}
