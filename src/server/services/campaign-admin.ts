import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invalidateCampaignCounts } from '../../db/queries/campaigns';
import { applications } from '../../db/schema/applications';
import { campaigns } from '../../db/schema/campaigns';
import type { CampaignInput } from '../../shared/schemas/campaign';
import { AppError } from '../errors';
import { requirePublicImages } from './uploads';

function galleryFor(input: Pick<CampaignInput, 'imageUrl' | 'gallery'>): string[] {
  return [input.imageUrl, ...input.gallery.filter((url) => url !== input.imageUrl)];
}

export async function createCampaign(db: Database, input: CampaignInput, now: Date) {
  await requirePublicImages(db, input);
  const [row] = await db
    .insert(campaigns)
    .values({ ...input, gallery: galleryFor(input), createdAt: now, updatedAt: now })
    .returning({ id: campaigns.id });
  await invalidateCampaignCounts(db);
  return row!;
}

export async function updateCampaign(db: Database, id: number, patch: Partial<CampaignInput>, now: Date) {
  return db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).limit(1).for('update');
      if (!current) throw new AppError('NOT_FOUND', 'Campaign Not Found');
      await requirePublicImages(tx, patch);
      const imageUrl = patch.imageUrl ?? current.imageUrl;
      const gallery =
        patch.gallery !== undefined || patch.imageUrl !== undefined
          ? galleryFor({ imageUrl, gallery: patch.gallery ?? current.gallery })
          : current.gallery;
      const [row] = await tx
        .update(campaigns)
        .set({ ...patch, imageUrl, gallery, updatedAt: now })
        .where(eq(campaigns.id, id))
        .returning({ id: campaigns.id });
      return row!;
    })
    .finally(() => invalidateCampaignCounts(db));
}

/** Deletes a campaign nobody applied to; one with applications must be ended instead (its history stays). */
export async function deleteCampaign(db: Database, id: number) {
  return db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, id))
        .limit(1)
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', 'Campaign Not Found');
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(applications)
        .where(eq(applications.campaignId, id));
      if ((used?.n ?? 0) > 0) {
        throw new AppError(
          'CONFLICT',
          'This campaign has applications, so it cannot be deleted. End it instead.',
        );
      }
      await tx.delete(campaigns).where(eq(campaigns.id, id));
    })
    .finally(() => invalidateCampaignCounts(db));
}
