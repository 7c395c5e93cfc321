import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { accounts, users } from '../../db/schema/auth';
import { influencers, tiktokAuth } from '../../db/schema/influencers';
import { tiktokPlaceholderEmail } from '../../shared/rules/identity';
import { silentLogger } from '../logger';
import { onSignedIn, resolveInfluencer } from './influencer-accounts';

describe.each(TEST_DRIVERS)('influencer resolution on %s', (driver) => {
  let database: TestDatabase;
  const logger = silentLogger();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function addUser(
    id: string,
    email: string,
    name: string,
    role: 'influencer' | 'admin' = 'influencer',
  ) {
    await database.db.insert(users).values({ id, email, name, role });
  }

  it('creates a TikTok creator with the placeholder address, unverified, and keeps the tokens in tiktok_auth', async () => {
    const email = tiktokPlaceholderEmail('open-ID_42', 'http://localhost:3000');
    await addUser('tt-user', email, 'Dance Queen');
    await database.db.insert(accounts).values({
      id: 'tt-account',
      userId: 'tt-user',
      accountId: 'open-ID_42',
      providerId: 'tiktok',
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    const influencer = await onSignedIn(database.db, 'tt-user', logger);
    expect(influencer).toMatchObject({
      email: 'openid42@tiktok.localhost',
      emailVerified: false,
      provider: 'tiktok',
      providerId: 'open-ID_42',
      platform: 'tiktok',
      username: 'dancequeen',
    });
    const [tokens] = await database.db.select().from(tiktokAuth).where(eq(tiktokAuth.openId, 'open-ID_42'));
    expect(tokens).toMatchObject({
      influencerId: influencer!.id,
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });

    // Signing in again refreshes the tokens of the same record.
    await database.db
      .update(accounts)
      .set({ accessToken: 'access-2', updatedAt: new Date() })
      .where(eq(accounts.id, 'tt-account'));
    const again = await onSignedIn(database.db, 'tt-user', logger);
    expect(again?.id).toBe(influencer!.id);
    const rows = await database.db.select().from(tiktokAuth).where(eq(tiktokAuth.openId, 'open-ID_42'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.accessToken).toBe('access-2');
  });

  it('updates name, image and provider of the linked record at the next sign-in', async () => {
    await addUser('g-user', 'sam@example.com', 'Sam');
    const first = await resolveInfluencer(
      database.db,
      {
        authUserId: 'g-user',
        name: 'Sam',
        email: 'sam@example.com',
        image: null,
        provider: 'email',
        providerAccountId: null,
      },
      logger,
    );
    const second = await resolveInfluencer(
      database.db,
      {
        authUserId: 'g-user',
        name: 'Samantha Lee',
        email: 'sam@example.com',
        image: '/a.png',
        provider: 'google',
        providerAccountId: 'g-1',
      },
      logger,
    );
    expect(second).toMatchObject({
      id: first!.id,
      name: 'Samantha Lee',
      profileImage: '/a.png',
      provider: 'google',
    });
  });

  it('names a nameless profile from its email, and gives admins no creator record', async () => {
    await addUser('nameless', 'quiet.one@example.com', '');
    expect((await onSignedIn(database.db, 'nameless', logger))?.name).toBe('quiet.one');
    await addUser('admin-user', 'admin@example.com', 'Admin', 'admin');
    expect(await onSignedIn(database.db, 'admin-user', logger)).toBeNull();
    expect(
      await database.db.select().from(influencers).where(eq(influencers.email, 'admin@example.com')),
    ).toHaveLength(0);
  });

  it('returns null (and writes nothing) when the record cannot be made', async () => {
    const result = await resolveInfluencer(
      database.db,
      {
        authUserId: 'no-such-user',
        name: 'Ghost',
        email: 'ghost@example.com',
        image: null,
        provider: 'email',
        providerAccountId: null,
      },
      logger,
    );
    expect(result).toBeNull();
    expect(
      await database.db.select().from(influencers).where(eq(influencers.email, 'ghost@example.com')),
    ).toHaveLength(0);
  });
});
