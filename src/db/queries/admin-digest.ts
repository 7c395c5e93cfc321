import { and, eq, isNull, sql } from 'drizzle-orm';
import { DELIVERY_PROBLEM_LABELS, type DeliveryProblem } from '../../shared/lifecycle/delivery-problems';
import type { DatabaseOrTransaction } from '../client';
import { adminDigests } from '../schema/admin-digests';
import { users } from '../schema/auth';
import { readColumn } from './first-row';
import { type Row, rowsOf } from './raw-rows';

export interface DigestRecipient {
  userId: string;
  email: string;
  name: string;
  /** False: the admin switched their digest off. */
  enabled: boolean;
  /** The end of the period the last digest covered (null: none yet). */
  reportedUntil: Date | null;
}

/** Every admin who can sign in (not banned), with their digest state (a missing row: on, never sent). */
export async function digestRecipients(db: DatabaseOrTransaction): Promise<DigestRecipient[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      enabled: sql<boolean>`coalesce(${adminDigests.enabled}, true)`,
      reportedUntil: adminDigests.reportedUntil,
    })
    .from(users)
    .leftJoin(adminDigests, eq(adminDigests.userId, users.id))
    .where(and(eq(users.role, 'admin'), sql`coalesce(${users.banned}, false) = false`))
    .orderBy(users.id);
  return rows.map((r) => ({ ...r, enabled: Boolean(r.enabled) }));
}

/**
 * Claims the digest period of one admin: moves `reported_until` from `previous` (what was read) to `until`. Only one
 * caller can win for the same `previous`, so two instances never both send the same digest. True when claimed.
 */
export async function claimDigestPeriod(
  db: DatabaseOrTransaction,
  userId: string,
  previous: Date | null,
  until: Date,
): Promise<boolean> {
  if (previous === null) {
    const inserted = await db
      .insert(adminDigests)
      .values({ userId, reportedUntil: until })
      .onConflictDoUpdate({
        target: adminDigests.userId,
        set: { reportedUntil: until },
        setWhere: and(isNull(adminDigests.reportedUntil), eq(adminDigests.enabled, true)),
      })
      .returning({ userId: adminDigests.userId });
    return inserted.length === 1;
  }
  const updated = await db
    .update(adminDigests)
    .set({ reportedUntil: until })
    .where(
      and(
        eq(adminDigests.userId, userId),
        eq(adminDigests.reportedUntil, previous),
        eq(adminDigests.enabled, true),
      ),
    )
    .returning({ userId: adminDigests.userId });
  return updated.length === 1;
}

/** Gives a claimed period back (the mail could not be sent), unless someone moved it since. */
export async function releaseDigestPeriod(
  db: DatabaseOrTransaction,
  userId: string,
  claimed: Date,
  previous: Date | null,
) {
  await db
    .update(adminDigests)
    .set({ reportedUntil: previous })
    .where(and(eq(adminDigests.userId, userId), eq(adminDigests.reportedUntil, claimed)));
}

/** Switches one admin's digest on or off. */
export async function setDigestEnabled(db: DatabaseOrTransaction, userId: string, enabled: boolean) {
  await db
    .insert(adminDigests)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: adminDigests.userId, set: { enabled } });
}

/** Whether the admin gets the digest (on unless switched off). */
export async function digestEnabled(db: DatabaseOrTransaction, userId: string): Promise<boolean> {
  return (await readColumn(db, adminDigests.enabled, eq(adminDigests.userId, userId))) ?? true;
}

export interface DigestLine {
  text: string;
  path: string;
}
export interface DigestSection {
  /** How many arrived in the period. */
  count: number;
  /** The newest few. */
  lines: DigestLine[];
  /** How many wait in all now. */
  waiting: number;
}
/** The team's first replies to waiting creators in the period (issue 26: real reply times of conversations). */
export interface DigestReplyTimes {
  count: number;
  /** Minutes from the creator's first unanswered message to the reply; null without replies. */
  medianMinutes: number | null;
  slowestMinutes: number | null;
}
export interface DigestContent {
  applications: DigestSection;
  submissions: DigestSection;
  problems: DigestSection;
  payouts: DigestSection;
  /** Conversations whose creator started waiting for our reply in the period (and still waits). */
  messages: DigestSection;
  replies: DigestReplyTimes;
}

/**
 * What arrived in (since, until]: new applications, content submitted for review, delivery problems opened (still
 * open) and payouts requested (still to process), each with a count, the newest `limit` and what waits in all.
 */
export async function digestContent(
  db: DatabaseOrTransaction,
  since: Date,
  until: Date,
  limit = 5,
): Promise<DigestContent> {
  const from = since.toISOString();
  const to = until.toISOString();
  const window = (column: string) =>
    sql`${sql.raw(column)} > ${from}::timestamptz and ${sql.raw(column)} <= ${to}::timestamptz`;
  // The newest `limit` rows that arrived in the window, with how many arrived and how many wait in all.
  const newest = (
    columns: string,
    tables: string,
    where: string,
    at: string,
    waiting: keyof typeof WAITING,
  ) =>
    db.execute(sql`
      select ${sql.raw(columns)}, count(*) over () as total, (${sql.raw(WAITING[waiting])}) as waiting
      from ${sql.raw(tables)}
      where ${sql.raw(where)} and ${window(at)}
      order by ${sql.raw(at)} desc, ${sql.raw(at.split('.')[0]!)}.id desc limit ${limit}`);
  const parties = 'join campaigns c on c.id = a.campaign_id join influencers i on i.id = a.influencer_id';
  const named = 'a.campaign_id, c.name as campaign, i.name as creator';
  const [applications, submissions, problems, payouts, messages] = await Promise.all([
    newest(named, `applications a ${parties}`, 'true', 'a.created_at', 'applications'),
    newest(
      named,
      `submissions s join applications a on a.id = s.application_id ${parties}`,
      "s.status = 'submitted'",
      's.created_at',
      'submissions',
    ),
    newest(
      'p.kind, c.name as campaign, i.name as creator',
      `delivery_problems p join applications a on a.id = p.application_id ${parties}`,
      "p.status = 'open'",
      'p.opened_at',
      'problems',
    ),
    newest(
      'p.amount, i.name as creator',
      'payouts p join influencers i on i.id = p.influencer_id',
      "p.status = 'pending'",
      'p.created_at',
      'payouts',
    ),
    newest(
      'v.id, c.name as campaign, i.name as creator',
      'conversations v join campaigns c on c.id = v.campaign_id join influencers i on i.id = v.influencer_id',
      'v.waiting_since is not null',
      'v.waiting_since',
      'messages',
    ),
  ]);
  const replies = await db.execute(sql`
      select count(*) as n,
        percentile_cont(0.5) within group (order by extract(epoch from m.created_at - m.answered_waiting_since)) as median,
        max(extract(epoch from m.created_at - m.answered_waiting_since)) as slowest
      from conversation_messages m
      where m.answered_waiting_since is not null and m.hidden_at is null and ${window('m.created_at')}`);
  const replyRow = rowsOf(replies)[0];
  const minutes = (value: unknown) =>
    value === null || value === undefined ? null : Math.round(Number(value) / 60);
  // Nothing new: the count of what waits still comes from its own query.
  const section = async (
    result: unknown,
    line: (row: Row) => DigestLine,
    waitingTable: keyof typeof WAITING,
  ): Promise<DigestSection> => {
    const rows = rowsOf(result);
    if (rows.length > 0) {
      return { count: Number(rows[0]!.total), waiting: Number(rows[0]!.waiting), lines: rows.map(line) };
    }
    return { count: 0, waiting: await waitingCount(db, waitingTable), lines: [] };
  };
  return {
    applications: await section(
      applications,
      (r) => ({ text: `${r.creator} applied to ${r.campaign}`, path: `/admin/campaigns/${r.campaign_id}` }),
      'applications',
    ),
    submissions: await section(
      submissions,
      (r) => ({
        text: `${r.creator} submitted content for ${r.campaign}`,
        path: `/admin/campaigns/${r.campaign_id}`,
      }),
      'submissions',
    ),
    problems: await section(
      problems,
      (r) => ({
        text: `${r.creator} reported ${problemWords(String(r.kind))} for ${r.campaign}`,
        path: '/admin/problems',
      }),
      'problems',
    ),
    payouts: await section(
      payouts,
      (r) => ({
        text: `${r.creator} asked for a payout of ${Number(r.amount)} Mint`,
        path: '/admin/payments',
      }),
      'payouts',
    ),
    messages: await section(
      messages,
      (r) => ({ text: `${r.creator} wrote about ${r.campaign}`, path: `/admin/messages?c=${r.id}` }),
      'messages',
    ),
    replies: {
      count: Number(replyRow?.n ?? 0),
      medianMinutes: minutes(replyRow?.median),
      slowestMinutes: minutes(replyRow?.slowest),
    },
  };
}

/** A problem's kind in a sentence ("reported damaged"). */
const problemWords = (kind: string) =>
  DELIVERY_PROBLEM_LABELS[kind as DeliveryProblem]?.toLowerCase() ?? kind;

const WAITING = {
  applications: `select count(*) as n from applications where status = 'applied'`,
  submissions: `select count(*) as n from submissions where status = 'submitted'`,
  problems: `select count(*) as n from delivery_problems where status = 'open'`,
  payouts: `select count(*) as n from payouts where status = 'pending'`,
  messages: `select count(*) as n from conversations where waiting_since is not null`,
} as const;

async function waitingCount(db: DatabaseOrTransaction, table: keyof typeof WAITING): Promise<number> {
  return Number(rowsOf(await db.execute(sql.raw(WAITING[table])))[0]?.n ?? 0);
}
