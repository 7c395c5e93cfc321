import { lockApplication } from '../../../db/queries/application-lifecycle-reads';
import { choicesOf, soldOutChoice } from '../../../db/queries/products';
import { variantLabel } from '../../../shared/schemas/products';
import { choiceRequestMail } from '../../mail/creator-templates';
import { found, outOfOrder } from '../applications/context';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { sendCreatorMail } from '../creator-mail';
import { creatorNotice, notifyCreator } from '../notifications';
import { atInstant, type ServiceContext } from '../service-context';

/**
 * Accepting answered 409 SOLD_OUT: the admin asks the creator for another option (issue 37). The creator is told in
 * the app and by mail (their "Application decisions" mails), with a link that opens their Change my choice dialog.
 * Only while the choice can still change (applied or accepted), and only for a campaign with products.
 */
export async function askForAnotherChoice(
  services: ServiceContext,
  applicationId: number,
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const told = await ctx.db.transaction(async (tx) => {
    const { application, campaign, creator } = found(
      await lockApplication(tx, applicationId),
      'Application not found',
    );
    if (application.status !== 'applied' && application.status !== 'accepted') {
      outOfOrder('This application can no longer change its choice.');
    }
    const chosen = (await choicesOf(tx, [applicationId])).get(applicationId) ?? [];
    if (chosen.length === 0) outOfOrder('This campaign offers no products to choose from.');
    // The option that ran out, or the whole choice when none has (the team may still want another).
    const out = (await soldOutChoice(tx, applicationId)) ?? chosen[0]!;
    const soldOut = variantLabel(out.product, out.variant);
    await notifyCreator(
      tx,
      creator.id,
      creatorNotice.choiceRequested(campaign.name, soldOut, applicationId),
      ctx.now,
    );
    await recordAdminAction(tx, actor, {
      action: 'application.ask_choice',
      entityType: 'application',
      entityId: applicationId,
      before: { choice: chosen.map((c) => variantLabel(c.product, c.variant)).join(', ') },
      after: { asked: soldOut },
      at: ctx.now,
    });
    return { email: creator.email, campaign: campaign.name, soldOut };
  });
  const mailed = await sendCreatorMail(
    ctx,
    'application_decisions',
    choiceRequestMail(ctx.appUrl, told.email, { ...told, applicationId }),
    'choice_requested',
  );
  return { id: applicationId, soldOut: told.soldOut, mailed };
}
