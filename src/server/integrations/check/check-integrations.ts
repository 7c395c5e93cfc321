import { sql } from 'drizzle-orm';
import type { Env } from '../../../config/env';
import type { Database } from '../../../db/client';
import { checkInstagram } from '../instagram/instagram-check';
import { checkPaypal } from '../paypal/paypal-check';
import { checkTiktok } from '../tiktok/tiktok-check';
import { checkEasypost } from '../tracking/easypost-check';
import { checkYoutube, parseYoutubeVideo } from '../youtube/youtube-check';
import type { CheckOptions, Creator } from './check-options';

/*
 * `npm run integrations:check`: for each outside service the configuration turns on, ONE harmless read-only call
 * with the app's own client, and a line an operator understands: configured / reachable / authorised / what failed
 * and why. Nothing is written anywhere (no token renewal, no database change). Secrets and tokens are never printed:
 * only host names, ids the operator gave, and the services' own error names.
 *
 * - PayPal: an OAuth token (client credentials), then GET /v1/payments/payouts/<id> of the batch given with
 *   --paypal-batch, else of a made-up id, whose documented 404 (INVALID_RESOURCE_ID / RESOURCE_NOT_FOUND) proves the
 *   token is accepted by the Payouts API.
 * - YouTube: videos.list?part=statistics of the video given with --youtube-video (else of a made-up id: a valid key
 *   answers 200 with no items).
 * - Instagram: GET /me with the sealed token of the creator given with --creator (opened with AUTH_SECRET).
 * - TikTok: GET /v2/user/info/?fields=open_id,display_name with that creator's access token (read through
 *   `TiktokTokenReader`, see below).
 */

import type { ServiceName, ServiceReport } from '../service-report';

export type { ServiceName, ServiceReport };

async function findCreator(db: Database, email: string): Promise<Creator> {
  const result = await db.execute(sql`select id, email from influencers
    where lower(email) = lower(${email}) order by email_verified desc, id limit 1`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return { missing: `no creator has the email ${email}` };
  return { creatorId: Number(row.id), email: String(row.email) };
}

/** Runs every check side by side; one report per service, in a fixed order. */
export async function checkIntegrations(
  env: Pick<Env, 'paypal' | 'youtube' | 'instagram' | 'authSecret' | 'oauth' | 'tiktokApiBase' | 'easypost'>,
  options: CheckOptions = {},
): Promise<ServiceReport[]> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (options.youtubeVideo) parseYoutubeVideo(options.youtubeVideo);
  let creator: Creator | null = null;
  if (options.creator && (env.instagram || env.oauth.tiktok)) {
    if (options.db) creator = await findCreator(options.db, options.creator);
    else creator = { missing: `the creator cannot be looked up: ${options.dbProblem ?? 'no database'}` };
  }
  return Promise.all([
    checkPaypal(env, options, timeoutMs),
    checkYoutube(env, options, timeoutMs),
    checkInstagram(env, creator, options, timeoutMs),
    checkTiktok(env, creator, options, timeoutMs),
    checkEasypost(env),
  ]);
}

/** One line per service: "PayPal: configured (sandbox, host) · reachable · authorised: …". */
export function formatReport(report: ServiceReport): string {
  const parts = [
    report.configured ? `configured${report.setup ? ` (${report.setup})` : ''}` : 'not configured',
  ];
  if (report.reachable !== null) parts.push(report.reachable ? 'reachable' : 'NOT reachable');
  if (report.authorised !== null) parts.push(report.authorised ? 'authorised' : 'NOT authorised');
  return `${report.service}: ${parts.join(' · ')}: ${report.detail}`;
}

export function summary(reports: readonly ServiceReport[]): { text: string; exitCode: 0 | 1 } {
  const failed = reports.filter((r) => r.failed);
  const configured = reports.filter((r) => r.configured);
  if (failed.length > 0) {
    return {
      text: `${failed.length} of ${configured.length} configured service(s) failed: ${failed.map((r) => r.service).join(', ')}.`,
      exitCode: 1,
    };
  }
  if (configured.length === 0)
    return { text: 'No outside service is configured (see .env.example).', exitCode: 0 };
  const names = (list: ServiceReport[]) => list.map((r) => r.service).join(', ');
  const checked = configured.filter((r) => r.reachable !== null);
  const skipped = configured.filter((r) => r.reachable === null);
  return {
    text: [
      checked.length > 0 ? `Every configured service checked answered as it should (${names(checked)}).` : '',
      skipped.length > 0 ? `Not checked: ${names(skipped)} (see above).` : '',
    ]
      .filter(Boolean)
      .join(' '),
    exitCode: 0,
  };
}
