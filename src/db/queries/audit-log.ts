import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { decodeCursor } from '../../shared/page-cursor';
import type { AuditFields, AuditLogQuery } from '../../shared/schemas/audit-log';
import type { DatabaseOrTransaction } from '../client';
import { auditLog } from '../schema/audit';
import { keyset, keysetPage } from './keyset';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const DAY_MS = 86_400_000;

function filters(params: AuditLogQuery): SQL | undefined {
  const where: SQL[] = [];
  if (params.actor) {
    where.push(or(ilike(auditLog.actorName, like(params.actor)), eq(auditLog.actorUserId, params.actor))!);
  }
  if (params.action) where.push(eq(auditLog.action, params.action));
  if (params.entityType) where.push(eq(auditLog.entityType, params.entityType));
  if (params.entityId) where.push(eq(auditLog.entityId, params.entityId));
  if (params.from) {
    where.push(sql`${auditLog.createdAt} >= ${`${params.from}T00:00:00.000Z`}::timestamptz`);
  }
  if (params.to) {
    const end = new Date(new Date(`${params.to}T00:00:00.000Z`).getTime() + DAY_MS).toISOString();
    where.push(sql`${auditLog.createdAt} < ${end}::timestamptz`);
  }
  return where.length ? and(...where) : undefined;
}

/**
 * The record's id as a number (null when it is not one): compared with each table's integer key, so that every
 * lookup below is one index probe (an id cast to text read the whole table: issue 28).
 */
const entityNumber = sql`(case when ${auditLog.entityId} ~ '^[0-9]{1,18}$' then ${auditLog.entityId}::bigint end)`;

/** The branches of an application's, a submission's and a creator report's record: their application's `column`. */
const viaApplication = (column: 'campaign_id' | 'influencer_id') => sql`
  when 'application' then (select a.${sql.raw(column)} from applications a where a.id = ${entityNumber})
  when 'submission' then (select a.${sql.raw(column)} from submissions s join applications a on a.id = s.application_id
    where s.id = ${entityNumber})
  when 'metric_report' then (select a.${sql.raw(column)} from content_metric_snapshots m
    join submissions s on s.id = m.submission_id join applications a on a.id = s.application_id
    where m.id = ${entityNumber})`;

/**
 * The campaign a record belongs to, while it exists (for the link to its admin page): the campaign itself, an
 * application's, a submission's or a creator report's campaign.
 */
const campaignOf = sql<number | null>`case ${auditLog.entityType}
  when 'campaign' then (select c.id from campaigns c where c.id = ${entityNumber})
  ${viaApplication('campaign_id')}
  end`;

/** The creator a record belongs to, while they exist: the creator, or a payout's. */
const creatorOf = sql<number | null>`case ${auditLog.entityType}
  when 'creator' then (select i.id from influencers i where i.id = ${entityNumber})
  when 'payout' then (select p.influencer_id from payouts p where p.id = ${entityNumber})
  end`;

/** The campaign's name, for the records that belong to one (issue 41: the log named records by id only). */
const campaignNameOf = sql<string | null>`(select c.name from campaigns c where c.id = (${campaignOf}))`;

/** The creator a record is about, by name: the creator, a payout's, an application's, a submission's or a report's. */
const creatorNameOf = sql<
  string | null
>`(select i.name from influencers i where i.id = (case ${auditLog.entityType}
  when 'creator' then ${entityNumber}
  when 'payout' then (select p.influencer_id from payouts p where p.id = ${entityNumber})
  ${viaApplication('influencer_id')}
  end))`;

/** The total shown stops here ("1,000+"). */
export const AUDIT_COUNT_CAP = 1000;

/**
 * The statement that reads a page of the trail (newest first, or oldest first before a cursor), `limit + 1` rows.
 * audit_log_created_idx is (created_at desc nulls last, id desc nulls last) (migration 0016): the page names that
 * order, or PostgreSQL sorts the whole trail for every page (1.2 s at 900,000 entries; decision 0057).
 */
export function auditLogPageQuery(db: DatabaseOrTransaction, params: AuditLogQuery) {
  const cursor = params.cursor ? decodeCursor(params.cursor) : null;
  const page = keyset(auditLog.createdAt, auditLog.id, cursor, 'last');
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      actorName: auditLog.actorName,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ipAddress: auditLog.ipAddress,
      campaignId: campaignOf,
      creatorId: creatorOf,
      campaignName: campaignNameOf,
      creatorName: creatorNameOf,
    })
    .from(auditLog)
    .where(and(filters(params), page.where))
    .orderBy(...page.orderBy)
    .limit(params.limit + 1);
}

/** A page of the audit trail, newest first, with the filters; and how many entries match, up to 1,000. */
export async function listAuditLog(db: DatabaseOrTransaction, params: AuditLogQuery) {
  const where = filters(params);
  const cursor = params.cursor ? decodeCursor(params.cursor) : null;
  const [read, totals] = await Promise.all([
    auditLogPageQuery(db, params),
    // Counted up to AUDIT_COUNT_CAP + 1 entries: the trail only grows, and a broad filter (an actor, a month)
    // matches a growing share of it (issue 28).
    db.select({ total: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(auditLog)
        .where(where)
        .limit(AUDIT_COUNT_CAP + 1)
        .as('matches'),
    ),
  ]);
  const counted = totals[0]?.total ?? 0;
  const { rows, nextCursor, prevCursor } = keysetPage(read, params.limit, cursor, (row) => row);
  return {
    nextCursor,
    prevCursor,
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      // The columns hold only what services/audit-log stored: JSON values in the shape of AuditFields.
      before: row.before as AuditFields | null,
      after: row.after as AuditFields | null,
      campaignId: row.campaignId === null ? null : Number(row.campaignId),
      creatorId: row.creatorId === null ? null : Number(row.creatorId),
    })),
    total: Math.min(counted, AUDIT_COUNT_CAP),
    totalCapped: counted > AUDIT_COUNT_CAP,
  };
}
