import { eq } from 'drizzle-orm';
import { influencers } from '../../../db/schema/influencers';
import { type PayoutNotice, payoutMail } from '../../mail/payout-templates';
import type { ServiceContext } from '../service-context';

/** A payout mail to send once the change is committed. */
export interface PayoutNoticeFor {
  influencerId: number;
  notice: PayoutNotice;
}

/** A payout mail goes out after the change is committed; a failure is logged and never undoes the change. */
export async function sendPayoutNotices(
  ctx: Pick<ServiceContext, 'db' | 'mailer' | 'appUrl' | 'logger'>,
  notices: PayoutNoticeFor[],
) {
  for (const { influencerId, notice } of notices) {
    const [row] = await ctx.db
      .select({ email: influencers.email })
      .from(influencers)
      .where(eq(influencers.id, influencerId))
      .limit(1);
    if (!row) continue;
    try {
      await ctx.mailer.send(payoutMail(ctx.appUrl, row.email, notice));
    } catch (error) {
      ctx.logger.error(
        { err: error, payoutId: notice.payoutId, kind: notice.kind },
        'could not send a payout mail',
      );
    }
  }
}
