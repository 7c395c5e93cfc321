import { listMyApplications } from '../../../db/queries/applications';
import { choicesOf } from '../../../db/queries/products';
import type { ServiceContext } from '../service-context';

/** The creator's applications with their next step, deadlines and chosen variants, as of the context's clock. */
export async function myApplications(ctx: ServiceContext, creatorId: number) {
  const items = await listMyApplications(ctx.db, creatorId, ctx.now());
  const choices = await choicesOf(
    ctx.db,
    items.map((a) => a.id),
  );
  return items.map((a) => {
    const chosen = choices.get(a.id) ?? [];
    return {
      ...a,
      choices: chosen,
      canChangeChoice: chosen.length > 0 && (a.status === 'applied' || a.status === 'accepted'),
    };
  });
}
