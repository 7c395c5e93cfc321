import type { Context } from 'hono';
import type { InfluencerRow } from '../../db/schema/influencers';
import type { AppBindings } from '../http/context';
import { AppError } from '../http/errors';
import { sessionCreator } from '../services/influencer-accounts';
import { currentUser } from './session';

/**
 * The signed-in creator's influencer record (made now if an earlier sign-in could not make it). Call behind
 * requireRole('influencer').
 */
export async function currentInfluencer(c: Context<AppBindings>): Promise<InfluencerRow> {
  const user = currentUser(c);
  const influencer = await sessionCreator(c.get('services'), user.id);
  if (!influencer) throw new AppError('NOT_FOUND', 'Failed to create influencer profile');
  return influencer;
}

/** Like currentInfluencer, but 403 until the creator has verified their email. */
export async function verifiedInfluencer(c: Context<AppBindings>): Promise<InfluencerRow> {
  const influencer = await currentInfluencer(c);
  if (!influencer.emailVerified) throw new AppError('FORBIDDEN', 'Please verify your email address first.');
  return influencer;
}
