import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson, signUpCreator } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { saveProfile } from '../../../tests/support/creators';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { creators } from '../../db/schema/creators';
import { creatorProfiles, emailVerificationCodes, socialAccounts } from '../../db/schema/onboarding';
import { HANDLE_MESSAGES } from '../../shared/social-links';

const PROFILE = {
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ignored@example.com',
  paypalEmail: 'ana.pay@example.com',
  phoneNumber: '(415) 555-0134',
  primaryCategory: 'Beauty',
  secondaryCategory: 'Fashion',
  tiktokHandle: '@ana.tt',
  tiktokFollowers: 4000,
  instagramHandle: '@ana',
  instagramFollowers: 12000,
  youtubeHandle: '',
  fullName: 'Ana Lee',
  addressLine1: '1 Market St',
  addressLine2: '',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94105',
  shippingPhone: '415-555-0134',
};

describe.each(TEST_DRIVERS)('onboarding API on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-01T12:00:00Z') };
  const api = useAdminApp(driver, { mailer, now: () => clock.now, adminEmail: false });
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  let counter = 0;

  /** A new creator, signed in; returns the cookie. */
  const newCreator = async () => {
    counter += 1;
    return signUpCreator(api.app, { email: `creator${counter}@example.com`, name: `Creator ${counter}` });
  };
  const send = (cookie: string, email: string, ip?: string) =>
    postJson(
      api.app,
      '/api/send-verification',
      { email, userSession: {} },
      cookie,
      ip ? { 'x-forwarded-for': ip } : {},
    );
  const verify = (cookie: string, email: string, code: string) =>
    postJson(api.app, '/api/verify-email', { email, code, userSession: {} }, cookie);
  const verified = async (cookie: string, email: string) => {
    expect((await send(cookie, email)).status).toBe(200);
    expect((await verify(cookie, email, mailer.lastCodeFor(email))).status).toBe(200);
    advance(61_000);
  };

  it('mails a 6-digit code, keeps only its hash, and verifies the address once', async () => {
    const cookie = await newCreator();
    const response = await send(cookie, 'Real.Me@Example.com');
    expect(response.status).toBe(200);
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe('real.me@example.com');
    expect(mail.text).toContain('Mintbox');
    expect(mail.text).toContain('http://localhost:3000');
    expect(mail.html).toContain('Mintbox');
    const code = mailer.lastCodeFor('real.me@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await api.db.select().from(emailVerificationCodes);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);

    const ok = await verify(cookie, 'real.me@example.com', code);
    expect(ok.status).toBe(200);
    const me = (await (await getWithCookie(api.app, '/api/me', cookie)).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ email: 'real.me@example.com', email_verified: true });

    const again = await verify(cookie, 'real.me@example.com', code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'Invalid verification code', code: 'BAD_REQUEST' });
  });

  it('expires codes after 10 minutes', async () => {
    const cookie = await newCreator();
    await send(cookie, 'late@example.com');
    const code = mailer.lastCodeFor('late@example.com');
    advance(10 * 60_000);
    const late = await verify(cookie, 'late@example.com', code);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: string }).error).toMatch(/expired/);

    advance(61_000);
    await send(cookie, 'late@example.com');
    advance(10 * 60_000 - 1000);
    expect((await verify(cookie, 'late@example.com', mailer.lastCodeFor('late@example.com'))).status).toBe(
      200,
    );
    advance(61_000);
  });

  it('cancels a code after 5 wrong tries', async () => {
    const cookie = await newCreator();
    await send(cookie, 'guess@example.com');
    const code = mailer.lastCodeFor('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        ((await (await verify(cookie, 'guess@example.com', wrong)).json()) as { error: string }).error,
      );
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code'));
    expect(answers[4]).toMatch(/Too many wrong codes/);
    expect((await verify(cookie, 'guess@example.com', code)).status).toBe(400);
    advance(61_000);
  });

  it('allows one send a minute and 5 an hour per address and per client address', async () => {
    const cookie = await newCreator();
    expect((await send(cookie, 'often@example.com', '198.51.100.1')).status).toBe(200);
    const tooSoon = await send(cookie, 'often@example.com', '198.51.100.1');
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await tooSoon.json()) as { error: string }).error).toMatch(/Please wait/);
    for (let i = 0; i < 4; i++) {
      advance(61_000);
      expect((await send(cookie, 'often@example.com', `198.51.100.${10 + i}`)).status).toBe(200);
    }
    advance(61_000);
    const perAddress = await send(cookie, 'often@example.com', '198.51.100.99');
    expect(perAddress.status).toBe(429);
    expect(((await perAddress.json()) as { error: string }).error).toMatch(/Too many codes/);

    // Per client address: 5 different creators from one address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const other = await newCreator();
      statuses.push((await send(other, `ip${i}@example.com`, '203.0.113.7')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    advance(3_600_000);
  });

  it("refuses another account's verified address as 'already registered'", async () => {
    const first = await newCreator();
    await verified(first, 'taken@example.com');
    const second = await newCreator();
    const response = await send(second, 'TAKEN@example.com');
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toContain('already registered');
  });

  it("does not let one account use another account's code", async () => {
    const owner = await newCreator();
    const thief = await newCreator();
    await send(owner, 'mine@example.com');
    const code = mailer.lastCodeFor('mine@example.com');
    expect((await verify(thief, 'mine@example.com', code)).status).toBe(400);
    await send(thief, 'mine@example.com');
    advance(61_000);
    expect((await verify(thief, 'mine@example.com', code)).status).toBe(400);
  });

  it('needs a session and rejects a malformed request with 400', async () => {
    expect((await postJson(api.app, '/api/send-verification', { email: 'x@example.com' })).status).toBe(401);
    const cookie = await newCreator();
    const empty = await postJson(api.app, '/api/send-verification', { email: '' }, cookie);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/Please enter your email address/);
  });

  describe('profile', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await newCreator();
    });
    /** The creator saves the completed profile with `changes` (PATCH /api/me/profile). */
    const editProfile = (changes: Record<string, unknown>) =>
      saveProfile(api.app, cookie, { ...PROFILE, ...changes });

    it('refuses the profile until the email is verified', async () => {
      const response = await postJson(api.app, '/api/complete-profile', PROFILE, cookie);
      expect(response.status).toBe(403);
      await verified(cookie, 'ana@example.com');
    });

    it.each([
      ['firstName', '', 'First name is required'],
      ['lastName', '', 'Last name is required'],
      ['paypalEmail', 'nope', 'Invalid PayPal email format'],
      ['phoneNumber', '555', 'Please enter a valid US phone number'],
      ['primaryCategory', '', 'Primary category is required'],
      ['secondaryCategory', '', 'Secondary category is required'],
      ['fullName', '', 'Full name is required'],
      ['addressLine1', '', 'Address line 1 is required'],
      ['city', '', 'City is required'],
      ['state', '', 'State is required'],
      ['zipCode', 'ABCDE', 'Please enter a valid ZIP code'],
      ['shippingPhone', '12', 'Please enter a valid US phone number'],
      ['instagramHandle', 'https://not a url/@@@', HANDLE_MESSAGES.instagram],
      ['tiktokHandle', 'https://www.tiktok.com/ana', HANDLE_MESSAGES.tiktok],
      ['youtubeHandle', '@yo', HANDLE_MESSAGES.youtube],
    ])('rejects a bad %s with its message', async (field, value, message) => {
      const response = await postJson(
        api.app,
        '/api/complete-profile',
        { ...PROFILE, [field]: value },
        cookie,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message, code: 'VALIDATION_FAILED', field });
    });

    it('refuses the same category as primary and secondary, on saving and on editing', async () => {
      const same = { ...PROFILE, secondaryCategory: PROFILE.primaryCategory };
      const expected = {
        error: 'Choose a secondary category different from the primary one',
        code: 'VALIDATION_FAILED',
        field: 'secondaryCategory',
      };
      const saving = await postJson(api.app, '/api/complete-profile', same, cookie);
      expect(saving.status).toBe(400);
      expect(await saving.json()).toEqual(expected);
      const editing = await saveProfile(api.app, cookie, same);
      expect(editing.status).toBe(400);
      expect(await editing.json()).toEqual(expected);
    });

    it('computes tier and total itself, ignoring what the client sends, and saves everything', async () => {
      const response = await postJson(
        api.app,
        '/api/complete-profile',
        {
          ...PROFILE,
          influencer_tier: 'Mega',
          total_followers: 99_999_999,
          profile_completed: true,
          user_session: {},
        },
        cookie,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        ok: true,
        influencer_tier: 'Mid-Tier',
        total_followers: 16_000,
      });
      const me = (await (await getWithCookie(api.app, '/api/me', cookie)).json()) as Record<string, unknown>;
      expect(me).toMatchObject({
        email: 'ana@example.com',
        email_verified: true,
        profile_completed: true,
        influencer_tier: 'Mid-Tier',
        total_followers: 16_000,
        name: 'Ana Lee',
        niche: 'Beauty',
        platform: 'instagram',
        followers: 12_000,
      });
      expect(me.profile).toMatchObject({
        paypalEmail: 'ana.pay@example.com',
        state: 'CA',
        tiktokHandle: 'ana.tt',
      });
      // Only the handle is kept: no leading '@'.
      expect(me.social_accounts).toEqual(
        expect.arrayContaining([
          {
            platform: 'tiktok',
            handle: 'ana.tt',
            followers: 4000,
            verified_followers: null,
            verified_at: null,
          },
          {
            platform: 'instagram',
            handle: 'ana',
            followers: 12000,
            verified_followers: null,
            verified_at: null,
          },
        ]),
      );
    });

    it('checks every handle on editing too, and keeps only the handle of a pasted profile link', async () => {
      for (const [field, value, message] of [
        ['instagramHandle', 'https://not a url/@@@', HANDLE_MESSAGES.instagram],
        ['instagramHandle', 'https://www.instagram.com/p/C0dE123/', HANDLE_MESSAGES.instagram],
        ['tiktokHandle', 'ana tok', HANDLE_MESSAGES.tiktok],
        ['youtubeHandle', 'https://www.youtube.com/channel/UC1', HANDLE_MESSAGES.youtube],
      ] as const) {
        const refused = await editProfile({ [field]: value });
        expect(refused.status, value).toBe(400);
        expect(await refused.json()).toEqual({ error: message, code: 'VALIDATION_FAILED', field });
      }
      const saved = await editProfile({
        instagramHandle: 'https://www.instagram.com/ana.glow/?igsh=abc',
        tiktokHandle: 'https://www.tiktok.com/@ana.tt',
        youtubeHandle: 'https://www.youtube.com/@AnaGlow',
      });
      expect(saved.status).toBe(200);
      const me = (await (await getWithCookie(api.app, '/api/me', cookie)).json()) as {
        social_accounts: Array<{ platform: string; handle: string }>;
      };
      expect(Object.fromEntries(me.social_accounts.map((s) => [s.platform, s.handle]))).toEqual({
        instagram: 'ana.glow',
        tiktok: 'ana.tt',
        youtube: '@AnaGlow',
      });
    });

    it.each([
      [999, 'Micro'],
      [1000, 'Nano'],
      [10000, 'Nano'],
      [10001, 'Mid-Tier'],
      [50000, 'Mid-Tier'],
      [50001, 'Macro'],
      [100000, 'Macro'],
      [100001, 'Mega'],
    ])('tiers %i followers as %s', async (followers, tier) => {
      // The profile is complete now: edits go through PATCH /api/me/profile (issue 22), which tiers the same way.
      const response = await editProfile({
        tiktokFollowers: 10,
        instagramFollowers: '',
        youtubeSubscribers: followers,
      });
      expect(((await response.json()) as { influencer_tier: string }).influencer_tier).toBe(tier);
    });

    it('leaves nothing half-written when the save fails midway', async () => {
      const other = await newCreator();
      await verified(other, 'half@example.com');
      const me = (await (await getWithCookie(api.app, '/api/me', other)).json()) as { id: number };
      await api.database.exec(`
        CREATE FUNCTION fail_social_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'simulated failure'; END $$;
        CREATE TRIGGER fail_social BEFORE INSERT ON social_accounts FOR EACH ROW EXECUTE FUNCTION fail_social_insert();
      `);
      try {
        const response = await postJson(api.app, '/api/complete-profile', PROFILE, other);
        expect(response.status).toBe(500);
      } finally {
        await api.database.exec(
          'DROP TRIGGER fail_social ON social_accounts; DROP FUNCTION fail_social_insert();',
        );
      }
      const profiles = await api.db
        .select()
        .from(creatorProfiles)
        .where(eq(creatorProfiles.creatorId, me.id));
      expect(profiles).toHaveLength(0);
      const [row] = await api.db.select().from(creators).where(eq(creators.id, me.id));
      expect(row?.profileCompleted).toBe(false);
      const social = await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(socialAccounts)
        .where(eq(socialAccounts.creatorId, me.id));
      expect(social[0]?.n).toBe(0);
    });

    it('lets the creator edit the profile; a new PayPal email needs the password and tells the old address', async () => {
      const unconfirmed = await editProfile({ paypalEmail: 'new.pay@example.com' });
      expect(unconfirmed.status).toBe(403);
      const wrong = await editProfile({
        paypalEmail: 'new.pay@example.com',
        currentPassword: 'not it at all',
      });
      expect(wrong.status).toBe(403);
      const confirmed = await editProfile({
        city: 'Oakland',
        paypalEmail: 'new.pay@example.com',
        currentPassword: 'correct horse battery',
      });
      expect(confirmed.status).toBe(200);
      expect(
        ((await confirmed.json()) as { profile: { city: string; paypalEmail: string } }).profile,
      ).toMatchObject({
        city: 'Oakland',
        paypalEmail: 'new.pay@example.com',
      });
      // Both the old PayPal address (which sees the new one only masked) and the account's verified email are told.
      const told = mailer.sent.slice(-2);
      const oldPaypal = told.find((m) => m.to === 'ana.pay@example.com');
      const account = told.find((m) => m.to === 'ana@example.com');
      expect(oldPaypal?.text).toContain('n***@example.com');
      expect(oldPaypal?.text).not.toContain('new.pay@example.com');
      expect(account?.subject).toBe('Your Mintbox PayPal email was changed');
      expect(account?.text).toContain('new.pay@example.com');

      // Other edits need no confirmation.
      const plain = await editProfile({
        paypalEmail: 'new.pay@example.com',
        city: 'Berkeley',
      });
      expect(plain.status).toBe(200);
    });
  });
});
