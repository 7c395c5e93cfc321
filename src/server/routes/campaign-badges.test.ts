import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertCampaign } from '../../../tests/support/factories';
import { createTestApp } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { applications } from '../../db/schema/applications';
import { campaigns } from '../../db/schema/campaigns';
import { conversationMessages, conversations } from '../../db/schema/conversations';
import type { CampaignDetail } from '../../shared/schemas/campaign';

const HOUR = 3600_000;

describe.each(TEST_DRIVERS)('campaign badges from the records on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

  /** A campaign of `brand` and one application per entry: its status, when it was made and how long the answer took. */
  async function brandWith(
    brand: string,
    rows: Array<{
      status: 'applied' | 'accepted' | 'approved' | 'rejected';
      hoursAgo: number;
      answerHours?: number;
    }>,
  ) {
    // Open while its creators applied and were answered, ended since (as the deadline sweep ends it).
    const past = await insertCampaign(database.db, { brand, name: `${brand} past`, status: 'active' });
    for (const row of rows) {
      const { application } = await insertApplication(database.db, {
        status: row.status,
        campaign: past,
        at: ago(row.hoursAgo),
      });
      if (row.status !== 'applied') {
        await database.db
          .update(applications)
          .set({ decidedAt: new Date(ago(row.hoursAgo).getTime() + (row.answerHours ?? 1) * HOUR) })
          .where(eq(applications.id, application.id));
      }
    }
    await database.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, past.id));
    return insertCampaign(database.db, { brand, name: `${brand} now`, status: 'active' });
  }
  const badgesOf = async (id: number) => {
    const response = await app.request(`/api/campaigns/${id}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as CampaignDetail).badges;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = createTestApp(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('a brand that answered fast and approved five creators earns both badges', async () => {
    const campaign = await brandWith(
      'Quick Approvers',
      Array.from({ length: 5 }, () => ({ status: 'approved' as const, hoursAgo: 200, answerHours: 20 })),
    );
    expect(await badgesOf(campaign.id)).toEqual({ respondsFast: true, topCreator: true });
  });

  it('slow answers, or applications left waiting past two days, take Responds Fast away', async () => {
    const slow = await brandWith('Slow Brand', [
      ...Array.from({ length: 4 }, () => ({ status: 'accepted' as const, hoursAgo: 300, answerHours: 10 })),
      ...Array.from({ length: 2 }, () => ({ status: 'rejected' as const, hoursAgo: 300, answerHours: 72 })),
    ]);
    // 4 of 6 answered within two days: 67 %.
    expect(await badgesOf(slow.id)).toEqual({ respondsFast: false, topCreator: false });

    const ignoring = await brandWith('Ignoring Brand', [
      ...Array.from({ length: 5 }, () => ({ status: 'accepted' as const, hoursAgo: 300, answerHours: 1 })),
      ...Array.from({ length: 3 }, () => ({ status: 'applied' as const, hoursAgo: 100 })),
    ]);
    // Five fast answers, but three applications waiting for four days: 5 of 8.
    expect((await badgesOf(ignoring.id)).respondsFast).toBe(false);

    const fresh = await brandWith('Fresh Queue', [
      ...Array.from({ length: 5 }, () => ({ status: 'accepted' as const, hoursAgo: 300, answerHours: 1 })),
      ...Array.from({ length: 3 }, () => ({ status: 'applied' as const, hoursAgo: 5 })),
    ]);
    // Applications only hours old are not late yet.
    expect((await badgesOf(fresh.id)).respondsFast).toBe(true);
  });

  it('a new brand, and a brand with four approved creators, show no Top Creator', async () => {
    const nothing = await insertCampaign(database.db, { brand: 'Brand New Co', status: 'active' });
    expect(await badgesOf(nothing.id)).toEqual({ respondsFast: false, topCreator: false });
    const four = await brandWith(
      'Almost There',
      Array.from({ length: 4 }, () => ({ status: 'approved' as const, hoursAgo: 200, answerHours: 1 })),
    );
    expect(await badgesOf(four.id)).toEqual({ respondsFast: false, topCreator: false });
  });
  /**
   * Issue 26: conversations of the brand's campaign (one per entry): a reply after `replyHours` of waiting, or a
   * creator still waiting since `waitingHours` ago.
   */
  async function talksOf(
    campaign: Awaited<ReturnType<typeof insertCampaign>>,
    rows: Array<{ replyHours: number } | { waitingHours: number }>,
  ) {
    for (const row of rows) {
      const { application } = await insertApplication(database.db, {
        status: 'accepted',
        campaign,
        at: ago(400),
      });
      const waiting = 'waitingHours' in row;
      const [talk] = await database.db
        .insert(conversations)
        .values({
          applicationId: application.id,
          creatorId: application.creatorId,
          campaignId: campaign.id,
          waitingSince: waiting ? ago(row.waitingHours) : null,
        })
        .returning();
      const asked = waiting ? ago(row.waitingHours) : ago(300);
      await database.db.insert(conversationMessages).values({
        conversationId: talk!.id,
        authorRole: 'creator',
        authorName: 'Creator',
        body: 'A question',
        createdAt: asked,
      });
      if (!waiting) {
        await database.db.insert(conversationMessages).values({
          conversationId: talk!.id,
          authorRole: 'team',
          authorName: 'Maria',
          body: 'An answer',
          createdAt: new Date(asked.getTime() + row.replyHours * HOUR),
          answeredWaitingSince: asked,
        });
      }
    }
  }

  it("Responds Fast counts conversations' real first-reply times too", async () => {
    // Three fast application answers alone are no track record; two fast conversation replies make five.
    await brandWith(
      'Chatty Brand',
      Array.from({ length: 3 }, () => ({ status: 'accepted' as const, hoursAgo: 300, answerHours: 2 })),
    );
    // (Not read before the conversations: a brand's badges are kept for a minute.)
    const chattyTalks = await insertCampaign(database.db, { brand: 'Chatty Brand', name: 'Chatty talks' });
    await talksOf(chattyTalks, [{ replyHours: 3 }, { replyHours: 20 }]);
    const chattyNext = await insertCampaign(database.db, { brand: 'Chatty Brand', status: 'active' });
    expect((await badgesOf(chattyNext.id)).respondsFast).toBe(true);

    // Five fast application answers, but three questions answered after three days: 5 of 8.
    const quiet = await brandWith(
      'Quiet In Chat',
      Array.from({ length: 5 }, () => ({ status: 'accepted' as const, hoursAgo: 300, answerHours: 1 })),
    );
    await talksOf(quiet, [{ replyHours: 72 }, { replyHours: 80 }, { replyHours: 90 }]);
    expect((await badgesOf(quiet.id)).respondsFast).toBe(false);

    // Creators left waiting past two days count as slow; a question of a few hours does not yet.
    const waiting = await brandWith(
      'Waiting In Chat',
      Array.from({ length: 5 }, () => ({ status: 'accepted' as const, hoursAgo: 300, answerHours: 1 })),
    );
    await talksOf(waiting, [{ waitingHours: 5 }, { waitingHours: 6 }]);
    expect((await badgesOf(waiting.id)).respondsFast).toBe(true);
    const late = await brandWith(
      'Late In Chat',
      Array.from({ length: 5 }, () => ({ status: 'accepted' as const, hoursAgo: 300, answerHours: 1 })),
    );
    await talksOf(late, [{ waitingHours: 60 }, { waitingHours: 100 }]);
    expect((await badgesOf(late.id)).respondsFast).toBe(false);
  });
});
