import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { creators } from '../../db/schema/creators';
import { dataExports } from '../../db/schema/data-rights';
import type { PageRecord } from '../../shared/pages';
import { hashExportToken } from './data-rights/data-export';

const ID = /^[1-9][0-9]{0,9}$/;

/**
 * Whether the record a page names exists (issue 40: a page of a record that does not exist answers 404). Admin
 * records are looked up only for an admin (`viewerIsAdmin`): for anyone else the answer is "exists", so a page load
 * never tells a stranger which ids are taken (their browser's guard sends them to sign in). A parameter that cannot
 * name a record (not a number, not a token) names none, for anyone. The public campaign is read by the page render
 * itself (web-meta.ts), so it is not looked up here.
 */
export async function pageRecordExists(
  db: Database,
  record: Exclude<PageRecord, 'campaign'>,
  param: string,
  viewerIsAdmin: boolean,
): Promise<boolean> {
  if (record === 'data-export') {
    // Tokens are 32 random bytes: a lookup by the token's hash tells nothing about anybody's link.
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(param)) return false;
    const [row] = await db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(eq(dataExports.tokenHash, hashExportToken(param)))
      .limit(1);
    return row !== undefined;
  }
  if (!ID.test(param) || Number(param) > 2_147_483_647) return false;
  if (!viewerIsAdmin) return true;
  const id = Number(param);
  const [row] =
    record === 'admin-campaign'
      ? await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).limit(1)
      : await db.select({ id: creators.id }).from(creators).where(eq(creators.id, id)).limit(1);
  return row !== undefined;
}
