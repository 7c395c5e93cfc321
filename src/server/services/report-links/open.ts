import { and, desc, eq, sql } from 'drizzle-orm';
import { campaignMintSpent } from '../../../db/queries/content-metrics-totals';
import { campaigns } from '../../../db/schema/campaigns';
import { contentPostFigures } from '../../../db/schema/content-metrics';
import { reportLinks } from '../../../db/schema/team';
import type { AuthKeys } from '../../auth/auth-context';
import { hitRateLimit } from '../app-rate-limits';
import type { ServiceContext } from '../service-context';
import { hashLinkToken } from '../team/tokens';

/**
 * What a brand reads behind a report link (issue 39): the campaign's name and brand, its approved posts with their
 * counted figures, the totals and the cost per view, and the spend only when the Manager chose to share it. Nothing
 * about a creator but the post's public link: no name, email, address, phone, PayPal address, tax data or note.
 */
export interface BrandReport {
  campaign: { name: string; brand: string };
  label: string;
  posts: Array<{
    url: string;
    platform: string;
    views: number | null;
    likes: number | null;
    comments: number | null;
    shares: number | null;
    saves: number | null;
  }>;
  totals: { posts: number; views: number; interactions: number; engagementRate: number | null };
  costPerView: number | null;
  /** USD (1 Mint = 1 USD) of rewards credited; null when not shared. */
  spend: number | null;
  expiresAt: Date;
}

export type ReportOpening =
  | { kind: 'missing' }
  | { kind: 'gone' }
  | { kind: 'password'; wrong: boolean }
  | { kind: 'report'; report: BrandReport };

export const REPORT_RATE = { window: 60, max: 30 } as const;
export const REPORT_PASSWORD_RATE = { window: 900, max: 10 } as const;
export const REPORT_RATE_MESSAGE = 'Too many requests for this report. Please wait a minute and try again.';

/**
 * Opens a report link: 404 (`missing`) for a token that never existed, 410 (`gone`) once revoked or expired, the
 * password form when it has one, else the report, counted as one view. Rate-limited per client address, and wrong
 * passwords per link.
 */
export async function openReport(
  services: ServiceContext,
  auth: AuthKeys,
  token: string,
  password: string | undefined,
  clientAddress: string,
): Promise<ReportOpening> {
  const now = services.now();
  await hitRateLimit(services.db, `report:${clientAddress}`, REPORT_RATE, REPORT_RATE_MESSAGE, now);
  const tokenHash = hashLinkToken(token);
  const [link] = await services.db
    .select()
    .from(reportLinks)
    .where(eq(reportLinks.tokenHash, tokenHash))
    .limit(1);
  if (!link) return { kind: 'missing' };
  if (link.revokedAt || link.expiresAt <= now) return { kind: 'gone' };
  if (link.passwordHash) {
    if (password === undefined) return { kind: 'password', wrong: false };
    await hitRateLimit(
      services.db,
      `report-password:${link.id}`,
      REPORT_PASSWORD_RATE,
      REPORT_RATE_MESSAGE,
      now,
    );
    const ok = await (await auth.$context).password.verify({ hash: link.passwordHash, password });
    if (!ok) return { kind: 'password', wrong: true };
  }
  const [campaign] = await services.db
    .select({ name: campaigns.name, brand: campaigns.brand })
    .from(campaigns)
    .where(eq(campaigns.id, link.campaignId));
  if (!campaign) return { kind: 'gone' };
  const posts = await services.db
    .select({
      url: contentPostFigures.postUrl,
      platform: contentPostFigures.platform,
      views: contentPostFigures.views,
      likes: contentPostFigures.likes,
      comments: contentPostFigures.comments,
      shares: contentPostFigures.shares,
      saves: contentPostFigures.saves,
    })
    .from(contentPostFigures)
    .where(and(eq(contentPostFigures.campaignId, link.campaignId), eq(contentPostFigures.status, 'approved')))
    .orderBy(sql`${contentPostFigures.views} desc nulls last`, desc(contentPostFigures.submissionId));
  const views = posts.reduce((sum, p) => sum + (p.views ?? 0), 0);
  const interactions = posts.reduce(
    (sum, p) => sum + (p.likes ?? 0) + (p.comments ?? 0) + (p.shares ?? 0) + (p.saves ?? 0),
    0,
  );
  const spent = await campaignMintSpent(services.db, link.campaignId);
  await services.db
    .update(reportLinks)
    .set({ viewCount: sql`${reportLinks.viewCount} + 1`, lastViewedAt: now })
    .where(eq(reportLinks.id, link.id));
  return {
    kind: 'report',
    report: {
      campaign,
      label: link.label,
      posts: posts.map((p) => ({ ...p, views: p.views ?? null })),
      totals: {
        posts: posts.length,
        views,
        interactions,
        engagementRate: views > 0 ? Math.round((interactions / views) * 10_000) / 10_000 : null,
      },
      costPerView: spent > 0 && views > 0 ? Math.round((spent / views) * 10_000) / 10_000 : null,
      spend: link.shareSpend ? spent : null,
      expiresAt: link.expiresAt,
    },
  };
}
