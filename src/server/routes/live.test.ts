import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { listenForChanges } from '../../../tests/support/listen';
import { giveMint } from '../../../tests/support/mint';
import type { createTestApp } from '../../../tests/support/test-app';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { creatorProfiles } from '../../db/schema/onboarding';

/** An open event stream: the events read so far, and a wait for the next one that matches. */
function readEvents(response: Response) {
  const events: Array<{ event: string; data: string }> = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const done = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        if (event) events.push({ event, data });
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return {
    events,
    topics: () => events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data).topic as string),
    async close() {
      await reader.cancel().catch(() => undefined);
      await done;
    },
  };
}

/**
 * Issue 40: the live channel. Changes made through the public paths (a creator's redemption, an admin's payment by
 * hand, a reported delivery problem, an admin's decision) reach the streams of the screens that show them, within
 * 2 s, through the database triggers and the instance's LISTEN, on both drivers; a creator hears only their own.
 */
describe.each(TEST_DRIVERS)('live updates on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  let admin: string;
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    ({ database, app, admin } = await startAdminApp(driver, { adminEmail: 'live-admin@example.com' }));
    stopListening = await listenForChanges(database);
  });
  afterAll(async () => {
    await stopListening?.();
    await database?.destroy();
  });

  const open = async (path: string, cookie: string) => {
    const response = await getWithCookie(app, path, cookie);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = readEvents(response);
    await expect.poll(() => stream.events.some((e) => e.event === 'ready'), { timeout: 2000 }).toBe(true);
    return stream;
  };

  it('refuses a stream to whoever may not have it', async () => {
    const creator = await createReadyCreator(app, database.db, {
      email: `live-refused-${driver}@example.com`,
    });
    expect((await getWithCookie(app, '/api/admin/live', creator.cookie)).status).toBe(403);
    expect((await getWithCookie(app, '/api/admin/live', '')).status).toBe(401);
    expect((await getWithCookie(app, '/api/me/live', '')).status).toBe(401);
    expect((await getWithCookie(app, '/api/me/live', admin)).status).toBe(403);
  });

  it('tells the admins and the creator of a redemption and of its payment by hand, and nobody else', async () => {
    const ana = await createReadyCreator(app, database.db, { email: `live-ana-${driver}@example.com` });
    const bo = await createReadyCreator(app, database.db, { email: `live-bo-${driver}@example.com` });
    await database.db
      .update(creatorProfiles)
      .set({ paypalEmail: 'ana.paypal@example.com' })
      .where(eq(creatorProfiles.creatorId, ana.creatorId));
    await giveMint(database.db, ana.creatorId, 120);
    const admins = await open('/api/admin/live', admin);
    const anaStream = await open('/api/me/live', ana.cookie);
    const boStream = await open('/api/me/live', bo.cookie);
    try {
      const redeemed = await postJson(app, '/api/me/payouts', { amount: 60 }, ana.cookie, {
        'idempotency-key': `live-${driver}`,
      });
      expect(redeemed.status).toBe(201);
      const payoutId = ((await redeemed.json()) as { id: number }).id;
      await expect.poll(() => admins.topics(), { timeout: 2000 }).toContain('payments');
      await expect.poll(() => anaStream.topics(), { timeout: 2000 }).toContain(`creator:${ana.creatorId}`);

      admins.events.length = 0;
      anaStream.events.length = 0;
      const processed = await postJson(
        app,
        '/api/admin/payouts/process',
        { ids: [payoutId], mode: 'manual' },
        admin,
      );
      expect(processed.status).toBe(200);
      const paid = await postJson(
        app,
        `/api/admin/payouts/${payoutId}/mark-paid`,
        { reference: 'HAND-1' },
        admin,
      );
      expect(paid.status).toBe(200);
      await expect.poll(() => admins.topics(), { timeout: 2000 }).toContain('payments');
      await expect.poll(() => anaStream.topics(), { timeout: 2000 }).toContain(`creator:${ana.creatorId}`);
      // Admins never get a creator's own topic; another creator hears nothing of Ana's money.
      expect(admins.topics().some((topic) => topic.startsWith('creator:'))).toBe(false);
      expect(boStream.topics()).toEqual([]);
    } finally {
      await Promise.all([admins.close(), anaStream.close(), boStream.close()]);
    }
  });

  it("tells the admins of a campaign's applicants and of a delivery problem, and the creator of their application", async () => {
    const cy = await createReadyCreator(app, database.db, { email: `live-cy-${driver}@example.com` });
    const campaign = await insertCampaign(database.db, { status: 'active', followersRequired: 0 });
    const admins = await open('/api/admin/live', admin);
    const cyStream = await open('/api/me/live', cy.cookie);
    try {
      const applied = await postJson(app, `/api/campaigns/${campaign.id}/applications`, {}, cy.cookie);
      expect(applied.status).toBe(201);
      const application = (await applied.json()) as { id: number };
      await expect.poll(() => admins.topics(), { timeout: 2000 }).toContain(`campaign:${campaign.id}`);
      admins.events.length = 0;
      const accepted = await postJson(app, `/api/admin/applications/${application.id}/accept`, {}, admin);
      expect(accepted.status).toBe(200);
      await expect.poll(() => admins.topics(), { timeout: 2000 }).toContain(`campaign:${campaign.id}`);
      await expect.poll(() => cyStream.topics(), { timeout: 2000 }).toContain(`creator:${cy.creatorId}`);

      // The box ships, and the creator reports it damaged: the problems list hears of it.
      const shipped = await postJson(
        app,
        `/api/admin/applications/${application.id}/shipment`,
        { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
        admin,
      );
      expect(shipped.status).toBe(200);
      admins.events.length = 0;
      const reported = await postJson(
        app,
        `/api/applications/${application.id}/delivery`,
        { action: 'report', problem: 'damaged', note: 'The lid was cracked.' },
        cy.cookie,
      );
      expect(reported.status).toBe(200);
      await expect.poll(() => admins.topics(), { timeout: 2000 }).toContain('problems');
      expect(admins.topics()).toContain(`campaign:${campaign.id}`);
    } finally {
      await Promise.all([admins.close(), cyStream.close()]);
    }
  });
});
