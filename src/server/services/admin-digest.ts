import type { Database } from '../../db/client';
import {
  claimDigestPeriod,
  digestContent,
  digestEnabled,
  digestRecipients,
  releaseDigestPeriod,
  setDigestEnabled,
} from '../../db/queries/admin-digest';
import { adminDigestMail, isEmptyDigest } from '../mail/admin-templates';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../process/logger';
import { type AuditActor, recordAdminUpdate } from './audit-log';
import type { ServiceContext } from './service-context';

export interface AdminDigestContext {
  db: Database;
  now: Date;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  /** Minutes between two digests of one admin (ADMIN_DIGEST_INTERVAL_MINUTES); 0: no digests. */
  intervalMinutes: number;
}

/** An admin switches their own mail digest on or off; a change is in the audit trail. */
export async function saveDigestSetting(
  { db }: ServiceContext,
  actor: AuditActor & { userId: string },
  enabled: boolean,
) {
  await db.transaction(async (tx) => {
    const before = await digestEnabled(tx, actor.userId);
    await setDigestEnabled(tx, actor.userId, enabled);
    await recordAdminUpdate(tx, actor, {
      action: 'settings.digest',
      entityType: 'admin_digest',
      entityId: actor.userId,
      before: { enabled: before },
      after: { enabled },
    });
  });
}

export interface AdminDigestResult {
  sent: number;
  /** Due, but nothing arrived in the period (the period is claimed all the same, no mail). */
  empty: number;
  /** Another instance claimed the period first. */
  skipped: number;
  failed: number;
}

/**
 * Mails each active admin who has not switched it off a digest of what arrived since their last one, when their
 * interval has passed (issue 13). Safe to run twice or on two instances at once: each admin's period is claimed with a
 * conditional update before the mail is sent, and only the winner sends. An empty digest is never sent. A mail that
 * fails gives the period back, so the next run reports it.
 */
export async function sendAdminDigests(ctx: AdminDigestContext): Promise<AdminDigestResult> {
  const result: AdminDigestResult = { sent: 0, empty: 0, skipped: 0, failed: 0 };
  if (ctx.intervalMinutes <= 0) return result;
  const intervalMs = ctx.intervalMinutes * 60_000;
  const until = ctx.now;
  for (const admin of await digestRecipients(ctx.db)) {
    if (!admin.enabled) continue;
    if (admin.reportedUntil && until.getTime() - admin.reportedUntil.getTime() < intervalMs) continue;
    // The first digest covers one interval back.
    const since = admin.reportedUntil ?? new Date(until.getTime() - intervalMs);
    const content = await digestContent(ctx.db, since, until);
    if (!(await claimDigestPeriod(ctx.db, admin.userId, admin.reportedUntil, until))) {
      result.skipped += 1;
      continue;
    }
    if (isEmptyDigest(content)) {
      result.empty += 1;
      continue;
    }
    try {
      await ctx.mailer.send(adminDigestMail(ctx.appUrl, admin.email, content));
      result.sent += 1;
    } catch (error) {
      result.failed += 1;
      ctx.logger.error({ err: error, kind: 'admin-digest' }, 'could not send an admin digest');
      await releaseDigestPeriod(ctx.db, admin.userId, until, admin.reportedUntil);
    }
  }
  return result;
}

/** Whether an admin gets the mail digest (their own switch). */
export function isDigestEnabled({ db }: ServiceContext, userId: string): Promise<boolean> {
  return digestEnabled(db, userId);
}
