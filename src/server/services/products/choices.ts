import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { findPublicCampaign, lockOwnApplication } from '../../../db/queries/application-lifecycle-reads';
import { campaignVariants, releaseChoices, reserveChoices, writeChoices } from '../../../db/queries/products';
import { applications } from '../../../db/schema/applications';
import { variantLabel } from '../../../shared/schemas/products';
import { AppError } from '../../http/errors';
import { found, outOfOrder } from '../applications/context';
import { atInstant, type ServiceContext } from '../service-context';
import { soldOut } from './stock';

type Choice = { productId: number; variantId: number };

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, {}, undefined, 'choices');
}

/**
 * The creator's choice checked against the campaign's products: one variant of each, offered and with a box left
 * (409 SOLD_OUT naming it otherwise). A campaign without products takes no choice. Answers the choices to write.
 */
export async function checkChoices(
  db: DatabaseOrTransaction,
  campaignId: number,
  choices: readonly Choice[] | undefined,
): Promise<Choice[]> {
  const rows = await campaignVariants(db, campaignId);
  if (rows.length === 0) {
    if (choices && choices.length > 0) invalid('This campaign offers no products to choose from.');
    return [];
  }
  const given = new Map<number, number>();
  for (const c of choices ?? []) {
    if (given.has(c.productId)) invalid('Choose only one option of each product.');
    given.set(c.productId, c.variantId);
  }
  const products = new Map<number, string>();
  for (const { product } of rows) products.set(product.id, product.name);
  for (const productId of given.keys()) {
    if (!products.has(productId)) invalid('That product is not part of this campaign.');
  }
  const out: Choice[] = [];
  for (const [productId, name] of products) {
    const variantId = given.get(productId);
    if (variantId === undefined) invalid(`Choose an option of ${name}.`);
    const row = rows.find((r) => r.variant.id === variantId && r.product.id === productId);
    if (!row) invalid(`That option is not offered for ${name}.`);
    if (!row.variant.available) {
      invalid(`${variantLabel(name, row.variant.name)} is no longer offered. Choose another option.`);
    }
    if (row.variant.reserved >= row.variant.stock) soldOut(name, row.variant.name, 'creator');
    out.push({ productId, variantId });
  }
  return out;
}

/**
 * The creator changes their choice until the box ships. An accepted application gives back its boxes and takes the
 * new ones in the same transaction (SOLD_OUT when the new option has none left, and nothing changes).
 */
export async function changeChoices(
  services: ServiceContext,
  creatorId: number,
  applicationId: number,
  choices: readonly Choice[],
) {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const { application } = found(
      await lockOwnApplication(tx, applicationId, creatorId),
      'Application not found',
    );
    if (application.status !== 'applied' && application.status !== 'accepted') {
      outOfOrder(
        application.status === 'shipped' || application.status === 'delivered'
          ? 'Your PR box has shipped: its contents can no longer be changed.'
          : 'This application can no longer change its choice.',
      );
    }
    // The campaign's lock orders this change with the admins' accepts (the same order: application, then campaign).
    found(await findPublicCampaign(tx, application.campaignId, { lock: true }), 'Campaign Not Found');
    const checked = await checkChoices(tx, application.campaignId, choices);
    if (checked.length === 0) invalid('This campaign offers no products to choose from.');
    if (application.status === 'accepted') await releaseChoices(tx, applicationId);
    await writeChoices(tx, applicationId, checked);
    if (application.status === 'accepted') {
      const missing = await reserveChoices(tx, applicationId);
      if (missing) soldOut(missing.product, missing.variant, 'creator');
    }
    await tx.update(applications).set({ updatedAt: ctx.now }).where(eq(applications.id, applicationId));
    return { id: applicationId, status: application.status };
  });
}
