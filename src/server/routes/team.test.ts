import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp } from '../../../tests/support/admin-app';
import {
  getWithCookie,
  nextClientIp,
  postJson,
  signInAdmin,
  signInAdminPasswordOnly,
} from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { testEnv } from '../../../tests/support/test-app';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { teamInvitations } from '../../db/schema/team';
import type { AuditLogList } from '../../shared/schemas/audit-log';
import type { SessionResponse } from '../../shared/schemas/session';
import type { InvitationPreview, Team } from '../../shared/schemas/team';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';

const DAY = 86_400_000;

/** Issue 39: invitations (one-time, 7 days, hashed at rest), role changes, removal, the last Owner, the audit trail. */
describe.each(TEST_DRIVERS)('the team on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const mailer = captureMailer();
  const clock = fakeClock(new Date().toISOString());
  let owner = '';

  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        origin: 'http://localhost:3000',
        'x-forwarded-for': nextClientIp(),
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const teamOf = async (cookie: string) =>
    (await (await getWithCookie(app, '/api/admin/team', cookie)).json()) as Team;
  /** The invitation form, sent as `cookie` (the Owner by default). */
  const sendInvitation = (email: string, role: string, cookie = owner) =>
    postJson(app, '/api/admin/team/invitations', { email, role }, cookie);
  /** Invites, and answers the token of the link the mail carries. */
  const invite = async (email: string, role: string) => {
    const response = await sendInvitation(email, role);
    expect(response.status, await response.clone().text()).toBe(201);
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe(email);
    return /\/team-invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  };
  const join = (token: string, name: string, password = 'a long new password 1') =>
    postJson(app, `/api/team-invitations/${token}/accept`, { name, password });

  beforeAll(async () => {
    ({
      database,
      app,
      admin: owner,
    } = await startAdminApp(driver, {
      mailer,
      now: () => clock.now,
      adminEmail: 'olivia@mintbox.test',
      adminName: 'Olivia Owner',
    }));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('invites with a one-time link kept only as a hash, which the invitee uses to join with their role', async () => {
    const token = await invite('vic@brand.test', 'viewer');
    const [row] = await database.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.email, 'vic@brand.test'));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * DAY);
    expect((await teamOf(owner)).invitations.map((i) => [i.email, i.role, i.invitedBy])).toEqual([
      ['vic@brand.test', 'viewer', 'Olivia Owner'],
    ]);

    const preview = (await (
      await getWithCookie(app, `/api/team-invitations/${token}`)
    ).json()) as InvitationPreview;
    expect(preview).toMatchObject({ email: 'vic@brand.test', role: 'viewer', secondFactorRequired: false });
    const joined = await join(token, 'Vic Viewer');
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ username: 'vic', email: 'vic@brand.test', role: 'viewer' });
    // One time only.
    expect((await join(token, 'Vic Again')).status).toBe(410);
    expect((await getWithCookie(app, `/api/team-invitations/${token}`)).status).toBe(410);
    expect((await getWithCookie(app, `/api/team-invitations/${'x'.repeat(43)}`)).status).toBe(404);

    const viewer = await signInAdmin(app, 'vic', 'a long new password 1');
    const session = (await (await getWithCookie(app, '/api/session', viewer)).json()) as SessionResponse;
    expect(session.user).toMatchObject({ role: 'admin', adminRole: 'viewer' });
    expect((await getWithCookie(app, '/api/admin/campaigns', viewer)).status).toBe(200);
    // Only Owners manage the team.
    const refused = await sendInvitation('x@brand.test', 'owner', viewer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN_ROLE', allowed: ['owner'] });
    const team = await teamOf(owner);
    expect(team.invitations).toEqual([]);
    expect(team.members.map((m) => [m.name, m.role, m.twoFactorEnabled, m.lastSignInAt !== null])).toEqual([
      ['Olivia Owner', 'owner', true, true],
      ['Vic Viewer', 'viewer', false, true],
    ]);
  });

  it('expires links after 7 days, refuses revoked ones and a second invitation while one waits', async () => {
    const token = await invite('fin@brand.test', 'finance');
    const again = await sendInvitation('fin@brand.test', 'viewer');
    expect(again.status).toBe(409);
    const preview = (await (
      await getWithCookie(app, `/api/team-invitations/${token}`)
    ).json()) as InvitationPreview;
    expect(preview.secondFactorRequired).toBe(true);
    // Seven days and a second later (the same database, the app's clock that far on), the link is gone.
    const later = createApp({
      db: database.db,
      env: testEnv({ TRUST_PROXY: 'true' }),
      logger: silentLogger(),
      now: () => new Date(clock.now.getTime() + 7 * DAY + 1000),
    });
    expect(
      (
        await postJson(later, `/api/team-invitations/${token}/accept`, {
          name: 'Fin Late',
          password: 'a long new password 1',
        })
      ).status,
    ).toBe(410);
    expect((await getWithCookie(later, `/api/team-invitations/${token}`)).status).toBe(410);

    const second = await invite('fia@brand.test', 'finance');
    const { invitations } = await teamOf(owner);
    const id = invitations.find((i) => i.email === 'fia@brand.test')!.id;
    expect((await send('DELETE', `/api/admin/team/invitations/${id}`, owner)).status).toBe(200);
    expect((await join(second, 'Fin Revoked')).status).toBe(410);
    expect((await send('DELETE', `/api/admin/team/invitations/${id}`, owner)).status).toBe(404);
  });

  it('ends the sessions of a demoted or removed member at once, keeps the last Owner, and audits each change', async () => {
    await join(await invite('max@brand.test', 'manager'), 'Max Manager');
    const manager = await signInAdmin(app, 'max', 'a long new password 1');
    const members = (await teamOf(owner)).members;
    const max = members.find((m) => m.email === 'max@brand.test')!;
    const olivia = members.find((m) => m.email === 'olivia@mintbox.test')!;

    // The last Owner can be neither demoted nor removed.
    const demoteLast = await send('PATCH', `/api/admin/team/members/${olivia.id}`, owner, { role: 'viewer' });
    expect(demoteLast.status).toBe(409);
    expect(await demoteLast.json()).toMatchObject({
      error: 'The last Owner can be neither removed nor demoted. Make another member an Owner first.',
    });
    expect((await send('DELETE', `/api/admin/team/members/${olivia.id}`, owner)).status).toBe(409);

    const demote = await send('PATCH', `/api/admin/team/members/${max.id}`, owner, { role: 'viewer' });
    expect(demote.status).toBe(200);
    expect(((await demote.json()) as Team).members.find((m) => m.id === max.id)?.role).toBe('viewer');
    // Max's open session stopped working at once.
    expect((await getWithCookie(app, '/api/admin/campaigns', manager)).status).toBe(401);

    const again = await signInAdmin(app, 'max', 'a long new password 1');
    expect((await send('DELETE', `/api/admin/team/members/${max.id}`, owner)).status).toBe(200);
    expect((await getWithCookie(app, '/api/admin/campaigns', again)).status).toBe(401);
    const signIn = await signInAdminPasswordOnly(app, 'max', 'a long new password 1').catch((e: Error) => e);
    expect(String(signIn)).toContain('401');
    expect((await teamOf(owner)).members.map((m) => m.email)).not.toContain('max@brand.test');

    const log = (await (await getWithCookie(app, '/api/admin/audit-log', owner)).json()) as AuditLogList;
    const team = log.items.filter((e) => e.action.startsWith('team.'));
    expect(team.slice(0, 3).map((e) => [e.action, e.before, e.after])).toEqual([
      ['team.remove', { role: 'viewer' }, { role: null }],
      ['team.change_role', { role: 'manager' }, { role: 'viewer' }],
      ['team.join', null, { email: 'm***@brand.test', role: 'manager' }],
    ]);
  });
});
