import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithTiktok, startFakeTiktok } from '../../../tests/support/fake-tiktok';
import { createTestApp, testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { users } from '../../db/schema/auth';
import { creators, tiktokAuth } from '../../db/schema/creators';
import { openTiktokToken } from '../integrations/tiktok/tiktok-login';
import { silentLogger } from '../process/logger';
import { onSignedIn, resolveCreator } from './creator-accounts';

describe.each(TEST_DRIVERS)('influencer resolution on %s', (driver) => {
  let database: TestDatabase;
  const logger = silentLogger();
  const at = new Date('2026-05-01T09:00:00Z');
  const signIn = () => ({ db: database.db, logger, now: () => at });

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

  it('creates a TikTok creator with the placeholder address, unverified, and keeps the tokens sealed in tiktok_auth', async () => {
    const fake = await startFakeTiktok();
    try {
      const env = testEnv(fake.appEnv);
      const app = createTestApp(database.db, { env });
      fake.users.set('open-ID_42', {
        open_id: 'open-ID_42',
        union_id: 'union-42',
        display_name: 'Dance Queen',
        username: 'dance.queen',
        avatar_large_url: 'https://p16.tiktokcdn.test/42.jpg',
      });
      fake.authorizeAs = 'open-ID_42';
      const signedIn = await signInWithTiktok(app);
      expect(signedIn.location).toBe('/auth/callback?provider=tiktok');
      const [creator] = await database.db
        .select()
        .from(creators)
        .where(eq(creators.providerId, 'open-ID_42'));
      expect(creator).toMatchObject({
        email: 'openid42@tiktok.localhost',
        emailVerified: false,
        provider: 'tiktok',
        platform: 'tiktok',
        username: 'dancequeen',
        profileImage: 'https://p16.tiktokcdn.test/42.jpg',
      });
      const sealed = async () => {
        const rows = await database.db.select().from(tiktokAuth).where(eq(tiktokAuth.openId, 'open-ID_42'));
        expect(rows).toHaveLength(1);
        const row = rows[0]!;
        expect(row.creatorId).toBe(creator!.id);
        const issued = fake.issued.at(-1)!;
        expect(JSON.stringify(row)).not.toContain(issued.accessToken);
        expect(await openTiktokToken(env.authSecret, row.accessToken!)).toBe(issued.accessToken);
        expect(await openTiktokToken(env.authSecret, row.refreshToken!)).toBe(issued.refreshToken);
        return row;
      };
      const first = await sealed();
      // The username TikTok answered is the creator's TikTok handle, which the wizard's step 2 starts from (issue 41).
      const me = await app.request('/api/me', { headers: { cookie: signedIn.cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).social_accounts).toEqual([
        expect.objectContaining({ platform: 'tiktok', handle: 'dance.queen', followers: null }),
      ]);

      // Signing in again keeps the same record and replaces its tokens with the new sealed pair.
      expect((await signInWithTiktok(app)).location).toBe('/auth/callback?provider=tiktok');
      const second = await sealed();
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(
        await database.db.select().from(creators).where(eq(creators.providerId, 'open-ID_42')),
      ).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it('updates name, image and provider of the linked record at the next sign-in', async () => {
    await addUser('g-user', 'sam@example.com', 'Sam');
    const first = await resolveCreator(
      signIn(),
      {
        authUserId: 'g-user',
        name: 'Sam',
        email: 'sam@example.com',
        image: null,
        provider: 'email',
        providerAccountId: null,
      },
      at,
    );
    const second = await resolveCreator(
      signIn(),
      {
        authUserId: 'g-user',
        name: 'Samantha Lee',
        email: 'sam@example.com',
        image: '/a.png',
        provider: 'google',
        providerAccountId: 'g-1',
      },
      at,
    );
    expect(second).toMatchObject({
      id: first!.id,
      name: 'Samantha Lee',
      profileImage: '/a.png',
      provider: 'google',
      updatedAt: at,
    });
  });

  it('names a nameless profile from its email, and gives admins no creator record', async () => {
    await addUser('nameless', 'quiet.one@example.com', '');
    expect((await onSignedIn(signIn(), 'nameless'))?.name).toBe('quiet.one');
    await addUser('admin-user', 'admin@example.com', 'Admin', 'admin');
    expect(await onSignedIn(signIn(), 'admin-user')).toBeNull();
    expect(
      await database.db.select().from(creators).where(eq(creators.email, 'admin@example.com')),
    ).toHaveLength(0);
  });

  it('returns null (and writes nothing) when the record cannot be made', async () => {
    const result = await resolveCreator(
      signIn(),
      {
        authUserId: 'no-such-user',
        name: 'Ghost',
        email: 'ghost@example.com',
        image: null,
        provider: 'email',
        providerAccountId: null,
      },
      at,
    );
    expect(result).toBeNull();
    expect(
      await database.db.select().from(creators).where(eq(creators.email, 'ghost@example.com')),
    ).toHaveLength(0);
  });
});
