import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator, READY_PROFILE, saveProfile } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { giveMint } from '../../../tests/support/mint';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { MODERATION_MESSAGES } from '../../shared/moderation';
import type { CreatorDetail } from '../../shared/schemas/creator-admin';
import type { AdminApplicant } from '../../shared/schemas/shipping';

const PASSWORD = 'correct horse battery';

describe.each(TEST_DRIVERS)('admin creator management API on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  const api = useAdminApp(driver, { mailer, now: () => clock.now, mailAuth: true });
  const { call, get } = api;
  let n = 0;

  const creator = () => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `mod${n}@example.com`, name: `Mod Creator${n}` });
  };
  const activeCampaign = () =>
    insertCampaign(api.db, { status: 'active', deadline: '2026-07-01', followersRequired: 0 });

  it('shows one creator whole: profile, handles with links, followers, tier, applications, Mint, notes', async () => {
    const ana = await creator();
    const campaign = await activeCampaign();
    expect(
      (await call(`/api/campaigns/${campaign.id}/applications`, { pitch: 'Hi' }, ana.cookie)).status,
    ).toBe(201);
    await giveMint(api.db, ana.creatorId, 75);

    const note = await call(`/api/admin/influencers/${ana.creatorId}/notes`, {
      body: 'Great reels, slow replies.',
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({
      body: 'Great reels, slow replies.',
      author: expect.stringContaining('ops@mintbox.test'),
    });

    const page = await get<CreatorDetail>(`/api/admin/influencers/${ana.creatorId}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      email: ana.email,
      standing: 'active',
      tier: 'Nano',
      measuredPosts: 0,
      profile: { shipping: { fullName: 'Mod Creator1', city: 'Austin', state: 'TX', zipCode: '73301' } },
      wallet: { balance: 75 },
    });
    expect(page.body.socials).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        handle: 'ready',
        url: 'https://www.instagram.com/ready/',
        followers: 5000,
        updatedAt: expect.any(String),
      }),
    ]);
    expect(page.body.applications).toEqual([
      expect.objectContaining({ campaignId: campaign.id, campaign: campaign.name, status: 'applied' }),
    ]);
    expect(page.body.wallet.entries[0]).toMatchObject({ amount: 75 });
    expect(page.body.notes).toEqual([expect.objectContaining({ body: 'Great reels, slow replies.' })]);
  });

  it('is for admins only, and answers clearly for a missing creator or a bad note', async () => {
    const bo = await creator();
    expect((await get(`/api/admin/influencers/${bo.creatorId}`, bo.cookie)).status).toBe(403);
    expect((await get(`/api/admin/influencers/${bo.creatorId}`, '')).status).toBe(401);
    expect(
      (await call(`/api/admin/influencers/${bo.creatorId}/ban`, { reason: 'x spam' }, bo.cookie)).status,
    ).toBe(403);
    const missing = await get('/api/admin/influencers/999999');
    expect(missing).toMatchObject({ status: 404, body: { error: 'Creator not found' } });
    const empty = await call(`/api/admin/influencers/${bo.creatorId}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('Write a note.');
    const noReason = await call(`/api/admin/influencers/${bo.creatorId}/suspend`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toContain('Give a reason');
  });

  it('a suspended creator cannot apply but keeps their work; lifting lets them apply again', async () => {
    const cy = await creator();
    const first = await activeCampaign();
    const second = await activeCampaign();
    expect((await call(`/api/campaigns/${first.id}/applications`, {}, cy.cookie)).status).toBe(201);

    const suspended = await call<CreatorDetail>(`/api/admin/influencers/${cy.creatorId}/suspend`, {
      reason: 'Posted without the required tag twice',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.standing).toBe('suspended');
    expect(suspended.body.audit[0]).toMatchObject({
      action: 'suspend',
      reason: 'Posted without the required tag twice',
      actor: expect.stringContaining('ops@mintbox.test'),
    });
    expect(mailer.sent.at(-1)).toMatchObject({ to: cy.email, subject: 'Your Mintbox account is suspended' });
    expect(mailer.sent.at(-1)?.text).toContain('Posted without the required tag twice');

    const refused = await call(`/api/campaigns/${second.id}/applications`, {}, cy.cookie);
    expect(refused).toMatchObject({ status: 403, body: { error: MODERATION_MESSAGES.suspendedApply } });
    const eligibility = await get<{ canApply: boolean; message: string }>(
      `/api/campaigns/${second.id}/eligibility`,
      cy.cookie,
    );
    expect(eligibility.body).toMatchObject({ canApply: false, message: MODERATION_MESSAGES.suspendedApply });
    // Still signed in, and the existing application goes on.
    const mine = await get<{ items: Array<{ status: string }> }>('/api/me/applications', cy.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(1);

    // Issue 24: the creator's own record says so, with the admin's reason and when (not who), for /dashboard.
    type Standing = { standing: string; standing_reason: string | null; standing_since: string | null };
    const me = await get<Standing>('/api/me', cy.cookie);
    expect(me.body).toMatchObject({
      standing: 'suspended',
      standing_reason: 'Posted without the required tag twice',
      standing_since: clock.now.toISOString(),
    });
    expect(JSON.stringify(me.body)).not.toContain('ops@mintbox.test');
    // What the dashboard says still works: redeeming earned Mint. Nothing is "matched" for an apply they cannot make.
    await giveMint(api.db, cy.creatorId, 80);
    const redeemed = await postJson(api.app, '/api/me/payouts', { amount: 50 }, cy.cookie, {
      'idempotency-key': `suspended-redeem-${driver}`,
    });
    expect(redeemed.status).toBe(201);
    expect((await get<{ items: unknown[] }>('/api/me/matched-campaigns', cy.cookie)).body.items).toEqual([]);

    expect(
      (await call(`/api/admin/influencers/${cy.creatorId}/suspend`, { reason: 'again please' })).status,
    ).toBe(409);
    const lifted = await call<CreatorDetail>(`/api/admin/influencers/${cy.creatorId}/restore`, {
      reason: 'Tags fixed',
    });
    expect(lifted.body.standing).toBe('active');
    expect(lifted.body.audit.map((e) => e.action)).toEqual(['restore', 'suspend']);
    expect(mailer.sent.at(-1)?.subject).toBe('Your Mintbox account is active again');
    expect((await call(`/api/campaigns/${second.id}/applications`, {}, cy.cookie)).status).toBe(201);
    expect((await get<Standing>('/api/me', cy.cookie)).body).toMatchObject({
      standing: 'active',
      standing_reason: null,
      standing_since: null,
    });
  });

  it('a ban signs the creator out everywhere, refuses sign-in, and holds their pending payout', async () => {
    const di = await creator();
    await giveMint(api.db, di.creatorId, 120);
    const payout = await postJson(api.app, '/api/me/payouts', { amount: 60 }, di.cookie, {
      'idempotency-key': 'ban-test-1',
    });
    expect(payout.status).toBe(201);
    const payoutId = ((await payout.json()) as { id: number }).id;

    const banned = await call<CreatorDetail>(`/api/admin/influencers/${di.creatorId}/ban`, {
      reason: 'Fake followers',
    });
    expect(banned.status).toBe(200);
    expect(banned.body.standing).toBe('banned');
    expect(mailer.sent.at(-1)).toMatchObject({ to: di.email, subject: 'Your Mintbox account is banned' });

    // The old session no longer works, and a new sign-in is refused with a clear message.
    expect((await get('/api/me/applications', di.cookie)).status).toBe(401);
    const signIn = await postJson(api.app, '/api/auth/sign-in/email', {
      email: di.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { message?: string; error?: string }).message ?? '').toBe(
      MODERATION_MESSAGES.bannedSignIn,
    );

    const held = await call('/api/admin/payouts/process', { ids: [payoutId], mode: 'manual' });
    expect(held.status).toBe(409);
    expect(held.body.error).toContain('held for review');

    await call(`/api/admin/influencers/${di.creatorId}/restore`, { reason: 'Appeal accepted' });
    const back = await postJson(api.app, '/api/auth/sign-in/email', { email: di.email, password: PASSWORD });
    expect(back.status).toBe(200);
    expect((await call('/api/admin/payouts/process', { ids: [payoutId], mode: 'manual' })).status).toBe(200);
  });

  it('records follower changes after onboarding and flags a jump above 50% since the last review', async () => {
    const ed = await creator();
    const first = await activeCampaign();
    const firstApp = (await call<{ id: number }>(`/api/campaigns/${first.id}/applications`, {}, ed.cookie))
      .body.id;
    clock.now = new Date('2026-06-11T12:00:00Z');
    expect((await call(`/api/admin/applications/${firstApp}/accept`, {})).status).toBe(200);

    clock.now = new Date('2026-06-12T12:00:00Z');
    const profile = {
      ...READY_PROFILE,
      email: ed.email,
      firstName: 'Mod',
      lastName: `Creator${n}`,
      fullName: `Mod Creator${n}`,
      instagramHandle: '@ready',
      instagramFollowers: 12000,
    };
    const saved = await saveProfile(api.app, ed.cookie, profile);
    expect(saved.status).toBe(200);

    const page = await get<CreatorDetail>(`/api/admin/influencers/${ed.creatorId}`);
    expect(page.body.followerChanges).toEqual([
      {
        platform: 'instagram',
        oldFollowers: 5000,
        newFollowers: 12000,
        changedAt: '2026-06-12T12:00:00.000Z',
      },
    ]);
    expect(page.body.socials[0]).toMatchObject({ followers: 12000, updatedAt: '2026-06-12T12:00:00.000Z' });

    const second = await activeCampaign();
    await call(`/api/campaigns/${second.id}/applications`, {}, ed.cookie);
    const items = (await get<{ items: AdminApplicant[] }>(`/api/admin/campaigns/${second.id}/applications`))
      .body.items;
    expect(items[0]?.followerFlags).toEqual([
      'Instagram followers: 5,000 → 12,000 (+140%) since the last review',
    ]);
    // The accepted one is flagged too: the count moved after it was reviewed.
    const before = (await get<{ items: AdminApplicant[] }>(`/api/admin/campaigns/${first.id}/applications`))
      .body.items;
    expect(before[0]?.followerFlags).toHaveLength(1);
    // After a new review, nothing more moved: no flag on the next application.
    clock.now = new Date('2026-06-13T12:00:00Z');
    expect((await call(`/api/admin/applications/${items[0]!.id}/accept`, {})).status).toBe(200);
    const third = await activeCampaign();
    await call(`/api/campaigns/${third.id}/applications`, {}, ed.cookie);
    const fresh = (await get<{ items: AdminApplicant[] }>(`/api/admin/campaigns/${third.id}/applications`))
      .body.items;
    expect(fresh[0]?.followerFlags).toEqual([]);
  });
});
