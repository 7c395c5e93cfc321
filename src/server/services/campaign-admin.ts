import { eq, sql } from 'drizzle-orm';
import { lockCampaign } from '../../db/queries/admin-campaigns';
import { invalidateCampaignCounts } from '../../db/queries/campaign-count-cache';
import { applications } from '../../db/schema/applications';
import { campaigns } from '../../db/schema/campaigns';
import type { CampaignInput } from '../../shared/schemas/campaign';
import { AppError } from '../http/errors';
import { type AuditActor, recordAdminAction, recordAdminUpdate } from './audit-log';
import { atInstant, type ServiceContext } from './service-context';
import { requirePublicImages } from './uploads';

function galleryFor(input: Pick<CampaignInput, 'imageUrl' | 'gallery'>): string[] {
  return [input.imageUrl, ...input.gallery.filter((url) => url !== input.imageUrl)];
}

/** A budget as one text whatever its input ('12000' and '12000.00' are the same budget). */
const dollars = (budget: string) => Number(budget).toFixed(2);
/** A product value the same way; null stays null (not stated). */
const dollarsOrNull = (value: string | null) => (value === null ? null : dollars(value));

export async function createCampaign(services: ServiceContext, input: CampaignInput, actor: AuditActor) {
  const { db, now } = atInstant(services);
  await requirePublicImages(db, input);
  const row = await db.transaction(async (tx) => {
    const values = { ...input, gallery: galleryFor(input) };
    const [created] = await tx
      .insert(campaigns)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: campaigns.id });
    await recordAdminAction(tx, actor, {
      action: 'campaign.create',
      entityType: 'campaign',
      entityId: created!.id,
      before: null,
      after: { ...values, budget: dollars(values.budget), productValue: dollarsOrNull(values.productValue) },
      at: now,
    });
    return created!;
  });
  await invalidateCampaignCounts(db);
  return row;
}

export async function updateCampaign(
  services: ServiceContext,
  id: number,
  patch: Partial<CampaignInput>,
  actor: AuditActor,
) {
  const { db, now } = atInstant(services);
  return db
    .transaction(async (tx) => {
      const current = await lockCampaign(tx, id);
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
      await recordAdminUpdate(tx, actor, {
        action: 'campaign.update',
        entityType: 'campaign',
        entityId: id,
        before: {
          ...current,
          budget: dollars(current.budget),
          productValue: dollarsOrNull(current.productValue),
        },
        after: {
          ...patch,
          ...(patch.budget !== undefined ? { budget: dollars(patch.budget) } : {}),
          ...(patch.productValue !== undefined ? { productValue: dollarsOrNull(patch.productValue) } : {}),
          imageUrl,
          gallery,
        },
        at: now,
      });
      return row!;
    })
    .finally(() => invalidateCampaignCounts(db));
}

/** Deletes a campaign nobody applied to; one with applications must be ended instead (its history stays). */
export async function deleteCampaign(services: ServiceContext, id: number, actor: AuditActor) {
  const { db } = services;
  return db
    .transaction(async (tx) => {
      const current = await lockCampaign(tx, id);
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
      const { id: _id, searchText: _search, createdAt: _created, updatedAt: _updated, ...before } = current;
      await recordAdminAction(tx, actor, {
        action: 'campaign.delete',
        entityType: 'campaign',
        entityId: id,
        before,
        after: null,
      });
    })
    .finally(() => invalidateCampaignCounts(db));
}
