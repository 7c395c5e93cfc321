import { and, desc, eq, isNull } from 'drizzle-orm';
import { adminCampaignExists } from '../../../db/queries/admin-campaigns';
import { type reportLinks as ReportLinksTable, reportLinks } from '../../../db/schema/team';
import type { CreatedReportLink, CreateReportLink, ReportLink } from '../../../shared/schemas/report-links';
import { createReportLinkSchema } from '../../../shared/schemas/report-links';
import type { AuthKeys } from '../../auth/auth-context';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';
import { hashLinkToken, newLinkToken } from '../team/tokens';

const DAY_MS = 86_400_000;

/** Where the brand opens the report (server-rendered, src/server/pages/report-page.ts). */
export const reportUrl = (appUrl: string, token: string) => `${appUrl}/report/${token}`;

type Row = typeof ReportLinksTable.$inferSelect;

export function reportLinkView(row: Row, now: Date): ReportLink {
  return {
    id: row.id,
    campaignId: row.campaignId,
    label: row.label,
    state: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    hasPassword: row.passwordHash !== null,
    shareSpend: row.shareSpend,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    viewCount: row.viewCount,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
  };
}

export async function listReportLinks(services: ServiceContext, campaignId: number): Promise<ReportLink[]> {
  const now = services.now();
  const rows = await services.db
    .select()
    .from(reportLinks)
    .where(eq(reportLinks.campaignId, campaignId))
    .orderBy(desc(reportLinks.createdAt), desc(reportLinks.id));
  return rows.map((row) => reportLinkView(row, now));
}

/** A Manager makes a report link for the campaign's brand: the token is shown once, only its hash is kept. */
export async function createReportLink(
  services: ServiceContext,
  auth: AuthKeys,
  actor: AuditActor,
  campaignId: number,
  input: CreateReportLink,
): Promise<CreatedReportLink> {
  const ctx = atInstant(services);
  const valid = createReportLinkSchema.parse(input);
  const token = newLinkToken();
  const passwordHash = valid.password ? await (await auth.$context).password.hash(valid.password) : null;
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await adminCampaignExists(tx, campaignId))) throw new AppError('NOT_FOUND', 'Campaign Not Found');
    const [created] = await tx
      .insert(reportLinks)
      .values({
        campaignId,
        label: valid.label,
        tokenHash: hashLinkToken(token),
        passwordHash,
        shareSpend: valid.shareSpend,
        createdBy: actor.userId,
        createdAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + valid.expiresInDays * DAY_MS),
      })
      .returning();
    if (!created) throw new Error('report link not created');
    await recordAdminAction(tx, actor, {
      action: 'report_link.create',
      entityType: 'report_link',
      entityId: created.id,
      before: null,
      after: {
        campaignId,
        label: created.label,
        expiresAt: created.expiresAt.toISOString(),
        protectedLink: passwordHash !== null,
        shareSpend: created.shareSpend,
      },
      at: ctx.now,
    });
    return created;
  });
  return { ...reportLinkView(row, ctx.now), url: reportUrl(ctx.appUrl, token) };
}

/** Revokes a link: it answers 410 from now on. */
export async function revokeReportLink(
  services: ServiceContext,
  actor: AuditActor,
  id: number,
): Promise<ReportLink> {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(reportLinks)
      .set({ revokedAt: ctx.now })
      .where(and(eq(reportLinks.id, id), isNull(reportLinks.revokedAt)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'This report link does not exist or is already revoked.');
    await recordAdminAction(tx, actor, {
      action: 'report_link.revoke',
      entityType: 'report_link',
      entityId: id,
      before: { status: 'active' },
      after: { status: 'revoked' },
      at: ctx.now,
    });
    return reportLinkView(row, ctx.now);
  });
}
