import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  findMailRecipient,
  listContentDueUnreminded,
  lockApplication,
} from '../../../db/queries/applications';
import { applicationIdsPastFairDeadline, postingClockOf } from '../../../db/queries/posting-clock';
import { type ApplicationRow, applications } from '../../../db/schema/applications';
import { campaigns } from '../../../db/schema/campaigns';
import { applicationDeadlineFor, findMove, shipsBox } from '../../../shared/lifecycle';
import { creatorNotice, notifyCreator } from '../notifications';
import { atInstant, type ServiceContext } from '../service-context';
import { notify } from './context';
import { transition } from './transition';

const REMIND_HOURS_BEFORE = 48;

/**
 * Safe to run any number of times: reminds creators 48 hours before their upload deadline (once), marks
 * applications with no approved content after the upload deadline as missed, and ends campaigns whose upload
 * deadline has passed.
 */
export async function sweepDeadlines(services: ServiceContext) {
  const ctx = atInstant(services);
  const today = ctx.now.toISOString().slice(0, 10);
  // The upload deadline ends at 24:00 UTC of its day; remind once inside the last 48 hours.
  const remindBefore = new Date(ctx.now.getTime() + REMIND_HOURS_BEFORE * 3_600_000);
  const due = await listContentDueUnreminded(ctx.db, {
    firstUploadDay: today,
    lastUploadDay: remindBefore.toISOString().slice(0, 10),
  });
  let reminded = 0;
  for (const row of due) {
    const clock = await postingClockOf(ctx.db, row, ctx.now); // remind of the creator's own deadline
    if (clock.paused) continue;
    const deadlineEnd = new Date(`${clock.deadline}T23:59:59.999Z`);
    if (deadlineEnd.getTime() > remindBefore.getTime()) continue;
    const claimed = await ctx.db
      .update(applications)
      .set({ reminderSentAt: ctx.now })
      .where(and(eq(applications.id, row.application.id), isNull(applications.reminderSentAt)))
      .returning({ id: applications.id });
    if (claimed.length === 0) continue;
    reminded += 1;
    await notify(ctx, row.email, {
      kind: 'reminder',
      campaign: row.campaign.name,
      uploadDeadline: clock.deadline,
    });
  }

  // Only applications whose own (fair) deadline ran out: never while the box is on its way or a problem is open.
  const pastDeadline = await applicationIdsPastFairDeadline(ctx.db, ctx.now);
  // Marked missed and told in the app in one transaction.
  const missed = await ctx.db.transaction(async (tx) => {
    const rows: ApplicationRow[] = [];
    // Locked in id order like every other step; one that moved on meanwhile (content sent, say) is left as it is.
    for (const id of [...new Set(pastDeadline)].sort((a, b) => a - b)) {
      const locked = await lockApplication(tx, id);
      if (
        !locked ||
        findMove(locked.application.status, 'miss_deadline', 'system', shipsBox(locked.campaign.type)) ===
          null
      )
        continue;
      rows.push(await transition(tx, locked, 'miss_deadline', 'system', { updatedAt: ctx.now }));
    }
    for (const m of rows) {
      const recipient = await findMailRecipient(tx, m.influencerId, m.campaignId);
      if (recipient)
        await notifyCreator(tx, m.influencerId, creatorNotice.missed(recipient.campaign), ctx.now);
    }
    return rows;
  });
  for (const m of missed) {
    const recipient = await findMailRecipient(ctx.db, m.influencerId, m.campaignId);
    if (recipient) await notify(ctx, recipient.email, { kind: 'missed', campaign: recipient.campaign });
  }

  const ended = await ctx.db
    .update(campaigns)
    .set({ status: 'ended', updatedAt: ctx.now })
    .where(
      and(
        inArray(campaigns.status, ['active', 'pending']),
        lt(campaigns.deadline, applicationDeadlineFor(today)),
      ),
    )
    .returning({ id: campaigns.id });
  return { reminded, missed: missed.length, ended: ended.length };
}
