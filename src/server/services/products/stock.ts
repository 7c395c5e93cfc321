import type { DatabaseOrTransaction } from '../../../db/client';
import { releaseChoices, reserveChoices } from '../../../db/queries/products';
import type { LifecycleActor, LifecycleMove } from '../../../shared/lifecycle/moves';
import { variantLabel } from '../../../shared/schemas/products';
import { AppError } from '../../http/errors';

/** The 409 of a chosen variant with no box left: names it, and says what the one asking can do. */
export function soldOut(product: string, variant: string, actor: LifecycleActor): never {
  const what = variantLabel(product, variant);
  throw new AppError(
    'SOLD_OUT',
    actor === 'creator'
      ? `${what} is sold out. Choose another option.`
      : `${what} is sold out: no box is left for this creator. Ask the creator to choose another option.`,
    {},
    undefined,
    'choices',
  );
}

/**
 * What a lifecycle move does to the boxes of the application's chosen variants (the table's `stock`, in the
 * transaction of the move): reserve one of each (SOLD_OUT, rolling the move back, when one has none left), or give
 * them back. An application without choices (a campaign without products) holds nothing.
 */
export async function applyStockMove(
  tx: DatabaseOrTransaction,
  applicationId: number,
  stock: LifecycleMove['stock'],
  actor: LifecycleActor,
) {
  if (stock === 'reserve') {
    const missing = await reserveChoices(tx, applicationId);
    if (missing) soldOut(missing.product, missing.variant, actor);
  } else if (stock === 'release') {
    await releaseChoices(tx, applicationId);
  }
}
