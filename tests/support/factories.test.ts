import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMyApplications } from '../../src/db/queries/applications';
import { nextStep } from '../../src/shared/lifecycle/creator-progress';
import { APPLICATION_STATUSES } from '../../src/shared/lifecycle/statuses';
import { insertApplication, insertCampaign, insertCreator } from './factories';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('insertApplication', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('puts an application in every lifecycle state in one call, as the creator then sees it', async () => {
    const creator = await insertCreator(database.db);
    for (const status of APPLICATION_STATUSES) {
      const campaign = await insertCampaign(database.db, { name: `At ${status}`, type: 'gifting' });
      await insertApplication(database.db, { status, campaign, creator });
    }
    const mine = await listMyApplications(database.db, creator.id, new Date('2026-06-01T12:00:00Z'));
    expect(mine).toHaveLength(APPLICATION_STATUSES.length);
    for (const item of mine) {
      expect(item.campaign.name).toBe(`At ${item.status}`);
      expect(item.nextStep).toBe(nextStep(item.status, 'gifting'));
    }
    const at = (status: string) => mine.find((m) => m.status === status)!;
    expect(at('applied').trackingNumber).toBeNull();
    expect(at('shipped')).toMatchObject({ carrier: 'UPS', canConfirmDelivery: true });
    expect(at('content_submitted').latestSubmission?.status).toBe('submitted');
    expect(at('changes_requested').latestSubmission?.reviewMessage).toBe('Please show the product label.');
    expect(at('approved').latestSubmission?.status).toBe('approved');
  });
});
