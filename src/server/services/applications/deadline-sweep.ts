import { and, inArray, isNull, lt } from 'drizzle-orm';
import { listContentDueUnreminded, lockApplications } from '../../../db/queries/application-lifecycle-reads';
import { applicationIdsPastFairDeadline, postingClocksFor } from '../../../db/queries/posting-clock';
import { applications } from '../../../db/schema/applications';
import { campaigns } from '../../../db/schema/campaigns';
import { shipsBox } from '../../../shared/constants';
import { applicationDeadlineFor } from '../../../shared/lifecycle/deadlines';
import { findMove } from '../../../shared/lifecycle/moves';
import { creatorNotice, notifyCreatorUsers } from '../notifications';
import { type AtInstant, atInstant, type ServiceContext } from '../service-context';
import { notify } from './context';
import { transition } from './transition';

const REMIND_HOURS_BEFORE = 48;

/**
 * How the sweep splits its work (issue 28: at operator size one deadline can make thousands of applications due).
 * `chunk` applications are marked missed per transaction, so their row locks and the counters their triggers keep
 * are held for one chunk, not for the whole sweep; at most `perRun` reminders and `perRun` missed per run, so a run
 * ends well inside its 10 minutes and the rest waits for the next one; `mailsAtOnce` mails are sent side by side.
 */
export interface SweepLimits {
  chunk: number;
  perRun: number;
  mailsAtOnce: number;
}
export const SWEEP_LIMITS: SweepLimits = { chunk: 100, perRun: 2000, mailsAtOnce: 8 };

/** Runs `send` for each item, at most `width` at a time (a mail failure is logged by the mail helper, never thrown). */
async function sendSideBySide<T>(items: T[], width: number, send: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(send));
}

/**
 * Safe to run any number of times: reminds creators 48 hours before their upload deadline (once), marks
 * applications with no approved content after the upload deadline as missed, and ends campaigns whose upload
 * deadline has passed. Work beyond the run's limits is left for the next run.
 */
export async function sweepDeadlines(services: ServiceContext, limits: SweepLimits = SWEEP_LIMITS) {
  const ctx = atInstant(services);
  const today = ctx.now.toISOString().slice(0, 10);
  const reminded = await remindDue(ctx, today, limits);

  // Only applications whose own (fair) deadline ran out: never while the box is on its way or a problem is open.
  // In id order like every other step, so a run that stops at its limit leaves the higher ids to the next one.
  const pastDeadline = [...new Set(await applicationIdsPastFairDeadline(ctx.db, ctx.now))]
    .sort((a, b) => a - b)
    .slice(0, limits.perRun);
  let missed = 0;
  for (let i = 0; i < pastDeadline.length; i += limits.chunk) {
    // Marked missed and told in the app in one transaction per chunk; mailed once it is committed.
    const mails = await ctx.db.transaction(async (tx) => {
      const told: Array<{ email: string; campaign: string; userId: string | null }> = [];
      // The chunk locked in one statement; one that moved on meanwhile (content sent, say) is left as it is.
      for (const locked of await lockApplications(tx, pastDeadline.slice(i, i + limits.chunk))) {
        const box = shipsBox(locked.campaign.type);
        if (findMove(locked.application.status, 'miss_deadline', 'system', box) === null) continue;
        await transition(tx, locked, 'miss_deadline', 'system', { updatedAt: ctx.now });
        told.push({
          email: locked.creator.email,
          campaign: locked.campaign.name,
          userId: locked.creator.authUserId,
        });
      }
      await notifyCreatorUsers(
        tx,
        told.map((m) => ({ userId: m.userId, notice: creatorNotice.missed(m.campaign) })),
        ctx.now,
      );
      return told;
    });
    missed += mails.length;
    await sendSideBySide(mails, limits.mailsAtOnce, (m) =>
      notify(ctx, m.email, { kind: 'missed', campaign: m.campaign }),
    );
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
  return { reminded, missed, ended: ended.length };
}

/** Reminds, once, each creator whose own upload deadline ends within 48 hours; answers how many were reminded. */
async function remindDue(ctx: AtInstant, today: string, limits: SweepLimits): Promise<number> {
  // The upload deadline ends at 24:00 UTC of its day; remind once inside the last 48 hours.
  const remindBefore = new Date(ctx.now.getTime() + REMIND_HOURS_BEFORE * 3_600_000);
  const due = await listContentDueUnreminded(ctx.db, {
    firstUploadDay: today,
    lastUploadDay: remindBefore.toISOString().slice(0, 10),
  });
  // Every clock in one read (remind of the creator's own deadline), not two queries per application.
  const clocks = await postingClocksFor(ctx.db, due, ctx.now);
  const toRemind = due
    .filter((row) => {
      const clock = clocks.get(row.application.id);
      return (
        clock !== undefined &&
        !clock.paused &&
        new Date(`${clock.deadline}T23:59:59.999Z`).getTime() <= remindBefore.getTime()
      );
    })
    .sort((a, b) => a.application.id - b.application.id)
    .slice(0, limits.perRun);
  let reminded = 0;
  for (let i = 0; i < toRemind.length; i += limits.chunk) {
    const rows = toRemind.slice(i, i + limits.chunk);
    // Claimed with one conditional update: only the rows no other run reminded yet are mailed.
    const claimed = await ctx.db
      .update(applications)
      .set({ reminderSentAt: ctx.now })
      .where(
        and(
          inArray(
            applications.id,
            rows.map((r) => r.application.id),
          ),
          isNull(applications.reminderSentAt),
        ),
      )
      .returning({ id: applications.id });
    const mine = new Set(claimed.map((c) => c.id));
    const mails = rows.filter((r) => mine.has(r.application.id));
    reminded += mails.length;
    await sendSideBySide(mails, limits.mailsAtOnce, (row) =>
      notify(ctx, row.email, {
        kind: 'reminder',
        campaign: row.campaign.name,
        uploadDeadline: clocks.get(row.application.id)!.deadline,
      }),
    );
  }
  return reminded;
}
