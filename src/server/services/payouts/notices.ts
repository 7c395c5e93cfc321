import { inArray } from 'drizzle-orm';
import { creators } from '../../../db/schema/creators';
import { type PayoutNotice, payoutMail } from '../../mail/payout-templates';
import type { ServiceContext } from '../service-context';

/** A payout mail to send once the change is committed. */
export interface PayoutNoticeFor {
  creatorId: number;
  notice: PayoutNotice;
}

/** A payout mail goes out after the change is committed; a failure is logged and never undoes the change. */
export async function sendPayoutNotices(
  ctx: Pick<ServiceContext, 'db' | 'mailer' | 'appUrl' | 'logger'>,
  notices: PayoutNoticeFor[],
) {
  if (notices.length === 0) return;
  // Every recipient's address in one read (a batch of PayPal results sends up to 100 mails).
  const ids = [...new Set(notices.map((n) => n.creatorId))];
  const rows = await ctx.db
    .select({ id: creators.id, email: creators.email })
    .from(creators)
    .where(inArray(creators.id, ids));
  const emails = new Map(rows.map((r) => [r.id, r.email]));
  for (const { creatorId, notice } of notices) {
    const email = emails.get(creatorId);
    if (email === undefined) continue;
    try {
      await ctx.mailer.send(payoutMail(ctx.appUrl, email, notice));
    } catch (error) {
      ctx.logger.error(
        { err: error, payoutId: notice.payoutId, kind: notice.kind },
        'could not send a payout mail',
      );
    }
  }
}
