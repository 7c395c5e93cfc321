import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Database } from '../../src/db/client';
import { users } from '../../src/db/schema/auth';
import { creators } from '../../src/db/schema/creators';
import { completeProfile } from '../../src/server/services/profiles';
import { profileSchema } from '../../src/shared/schemas/profile';
import { signUpCreator } from './auth-client';
import { testServices } from './services';

export const READY_PROFILE = {
  firstName: 'Ready',
  lastName: 'Creator',
  email: 'x@example.com',
  paypalEmail: 'paypal@example.com',
  phoneNumber: '4155550134',
  primaryCategory: 'Beauty',
  secondaryCategory: 'Lifestyle',
  fullName: 'Ready Creator',
  addressLine1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '73301',
  shippingPhone: '4155550134',
} as const;

/**
 * A creator who signed up, verified their email and completed the profile (set up through the database and the
 * profile service, skipping the mail round-trip). Returns the session cookie and the influencer id.
 */
export async function createReadyCreator(
  app: Pick<Hono, 'request'>,
  db: Database,
  options: { email: string; name?: string; instagram?: number; tiktok?: number; youtube?: number },
): Promise<{ cookie: string; creatorId: number; email: string }> {
  const name = options.name ?? 'Ready Creator';
  const cookie = await signUpCreator(app, { email: options.email, name });
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, options.email.toLowerCase()));
  const [creator] = await db
    .update(creators)
    .set({ emailVerified: true, email: options.email.toLowerCase() })
    .where(eq(creators.authUserId, user!.id))
    .returning();
  // The profile carries the same name as the account, as a creator filling the wizard would.
  const [firstName = 'Ready', ...rest] = name.split(' ');
  const profile = profileSchema.parse({
    ...READY_PROFILE,
    firstName,
    lastName: rest.join(' ') || 'Creator',
    fullName: name,
    instagramHandle: '@ready',
    instagramFollowers: options.instagram ?? 5000,
    tiktokFollowers: options.tiktok,
    youtubeSubscribers: options.youtube,
  });
  await completeProfile(testServices({ db }), creator!, profile);
  return { cookie, creatorId: creator!.id, email: options.email.toLowerCase() };
}

/**
 * The creator saves the profile page's form: `PATCH /api/me/profile` with the whole profile, as the page sends it
 * (`headers` are added: a client address).
 */
export async function saveProfile(
  app: Pick<Hono, 'request'>,
  cookie: string,
  profile: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return app.request('/api/me/profile', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie, ...headers },
    body: JSON.stringify(profile),
  });
}
