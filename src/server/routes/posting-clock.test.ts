import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { insertCampaign } from '../../../tests/support/factories';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import type { MyApplication } from '../../shared/schemas/application';
import type { AdminProblem } from '../../shared/schemas/delivery-problems';
import { silentLogger } from '../process/logger';
import { sweepDeadlines } from '../services/applications/deadline-sweep';

describe.each(TEST_DRIVERS)('the fair posting clock on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  let n = 0;
  const api = useAdminApp(driver, { mailer, now: () => clock.now, people: 'clock' });
  const { call } = api;

  const at = (iso: string) => {
    clock.now = new Date(iso);
  };
  const mine = async (cookie: string) =>
    (
      (await (await getWithCookie(api.app, '/api/me/applications', cookie)).json()) as {
        items: MyApplication[];
      }
    ).items[0]!;
  const sweep = () =>
    sweepDeadlines(
      testServices({
        db: api.db,
        mailer,
        appUrl: 'http://localhost:3000',
        logger: silentLogger(),
        now: () => clock.now,
      }),
    );
  const post = (cookie: string, id: number, n: number) =>
    call(`/api/applications/${id}/submissions`, { urls: [`https://www.instagram.com/p/post${n}/`] }, cookie);

  /** A gifting campaign (upload deadline 2026-07-08) and an accepted creator; `ship` sends the box on Jun 20. */
  async function accepted(ship = true) {
    n += 1;
    at('2026-06-15T12:00:00Z');
    const person = await api.creator();
    const campaign = await insertCampaign(api.db, {
      name: `Clock Campaign ${n}`,
      status: 'active',
      type: 'gifting_paid',
      reward: 30,
      deadline: '2026-07-01',
      followersRequired: 0,
    });
    const id = await api.apply(campaign.id, person.cookie);
    await api.accept(id);
    if (ship) {
      at('2026-06-20T12:00:00Z');
      await api.ship(id, '94001');
    }
    return { ...person, id, campaign };
  }

  it('stops the clock for a box that never came, then the creator posts after the campaign deadline and is paid', async () => {
    const ana = await accepted();
    at('2026-06-25T12:00:00Z');
    expect(
      (
        await call(
          `/api/applications/${ana.id}/delivery`,
          { action: 'report', problem: 'not_received' },
          ana.cookie,
        )
      ).status,
    ).toBe(200);

    // Past the campaign's upload deadline: the open problem keeps Ana's clock stopped.
    at('2026-07-12T12:00:00Z');
    expect((await sweep()).missed).toBe(0);
    const paused = await mine(ana.cookie);
    expect(paused.status).toBe('shipped');
    expect(paused.postingClock).toMatchObject({ paused: true, campaignDeadline: '2026-07-08' });
    expect(paused.postingClock?.reasons.join(' ')).toContain('A delivery problem is open');

    // The admin re-ships; the new box arrives on Jul 14.
    const problem = (
      (await (await getWithCookie(api.app, '/api/admin/problems', api.admin)).json()) as {
        items: AdminProblem[];
      }
    ).items.find((p) => p.application.id === ana.id)!;
    expect(
      (
        await call(`/api/admin/problems/${problem.id}/reship`, {
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        })
      ).status,
    ).toBe(200);
    at('2026-07-14T09:00:00Z');
    expect(
      (await call(`/api/applications/${ana.id}/delivery`, { action: 'confirm' }, ana.cookie)).status,
    ).toBe(200);

    // Delivery + 7 = Jul 21, plus the 17 days the problem stayed open (Jun 25 → Jul 12): Aug 7.
    const moved = await mine(ana.cookie);
    expect(moved.uploadDeadline).toBe('2026-08-07');
    expect(moved.postingClock).toMatchObject({ deadline: '2026-08-07', paused: false });
    expect(moved.postingClock?.reasons).toEqual([
      'Moved to 7 days after your box arrived (Jul 14).',
      'Extended by 17 days while a delivery problem was open.',
    ]);
    expect(moved.canSubmitContent).toBe(true);

    at('2026-07-25T12:00:00Z');
    expect((await sweep()).missed).toBe(0);
    const submitted = await post(ana.cookie, ana.id, 1);
    expect(submitted.status).toBe(201);
    const approved = await call(`/api/admin/submissions/${submitted.body.id}/approve`, {});
    expect(approved).toMatchObject({ status: 200, body: { credited: 30 } });
  });

  it('still marks missed the creator whose box arrived in time and who never posted', async () => {
    const bo = await accepted();
    at('2026-06-22T12:00:00Z');
    await call(`/api/applications/${bo.id}/delivery`, { action: 'confirm' }, bo.cookie);
    at('2026-07-09T00:00:01Z');
    expect((await post(bo.cookie, bo.id, 2)).body).toEqual({
      error: 'The upload deadline for this campaign has passed.',
      code: 'CONFLICT',
    });
    await sweep();
    expect((await mine(bo.cookie)).status).toBe('missed');
  });

  it('never marks missed a creator whose box was never shipped', async () => {
    const cy = await accepted(false);
    at('2026-08-30T12:00:00Z');
    await sweep();
    const waiting = await mine(cy.cookie);
    expect(waiting.status).toBe('accepted');
    expect(waiting.postingClock?.paused).toBe(true);
  });

  it('a late request for changes leaves at least 3 days to resubmit', async () => {
    const di = await accepted();
    at('2026-06-21T12:00:00Z');
    await call(`/api/applications/${di.id}/delivery`, { action: 'confirm' }, di.cookie);
    at('2026-07-07T12:00:00Z');
    const first = await post(di.cookie, di.id, 3);
    at('2026-07-08T20:00:00Z');
    expect(
      (
        await call(`/api/admin/submissions/${first.body.id}/request-changes`, {
          message: 'Tag the brand, please.',
        })
      ).status,
    ).toBe(200);
    const asked = await mine(di.cookie);
    expect(asked.uploadDeadline).toBe('2026-07-11');
    expect(asked.postingClock?.reasons).toEqual([
      'Changes were requested late: you have until Jul 11 to resubmit.',
    ]);

    at('2026-07-10T12:00:00Z');
    await sweep();
    expect((await mine(di.cookie)).status).toBe('changes_requested');
    at('2026-07-11T18:00:00Z');
    expect((await post(di.cookie, di.id, 4)).status).toBe(201);
  });
});
