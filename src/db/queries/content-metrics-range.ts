import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { rowsOf } from './raw-rows';

/**
 * The analytics overview's range note (issue 41): how many measured posts were submitted outside [from, before),
 * and the day of the first post ever submitted (the start of "All time"; null: no post yet). Both through the
 * submitted-at index of the kept rows.
 */
export async function overviewRangeFacts(
  db: DatabaseOrTransaction,
  range: { from: Date; before: Date },
): Promise<{ outside: number; firstSubmittedAt: Date | null }> {
  const result = await db.execute(sql`select
      (select count(*)::int from content_post_figures f
        where f.status in ('submitted', 'approved') and f.measured_at is not null
          and (f.submitted_at < ${range.from.toISOString()}::timestamptz
            or f.submitted_at >= ${range.before.toISOString()}::timestamptz)) as outside,
      (select min(f.submitted_at) from content_post_figures f
        where f.status in ('submitted', 'approved')) as first_submitted_at`);
  const row = rowsOf(result)[0];
  return {
    outside: Number(row?.outside ?? 0),
    firstSubmittedAt: row?.first_submitted_at ? new Date(row.first_submitted_at as string | Date) : null,
  };
}
