import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaigns, insertCreator } from '../../../tests/support/factories';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { auditLog } from '../../db/schema/audit';
import { creators } from '../../db/schema/creators';
import { ledgerEntries, transactions } from '../../db/schema/ledger';

/**
 * Issue 28: the admin lists (transactions, creators, campaigns, audit log) and the creator's wallet history page by
 * keyset: `cursor` in, `nextCursor`/`prevCursor` out, no OFFSET. Walking every page gives every row exactly once in
 * the list's order (rows sharing a created_at included), with the filters, and while rows are added between reads.
 */

const BASE = Date.UTC(2026, 0, 1);
/** Three rows per millisecond: the order within one created_at is the id's. */
const at = (i: number) => new Date(BASE + Math.floor(i / 3) * 1000);

type Page = { items: { id: number }[]; total: number; nextCursor: string | null; prevCursor: string | null };

describe.each(TEST_DRIVERS)('keyset paging on %s', (driver) => {
  const api = useAdminApp(driver, { mailer: captureMailer(), paypal: null });
  let creator: { cookie: string; creatorId: number };
  let others: number[] = [];

  const get = async <T = Page>(path: string, cookie = api.admin) => {
    const response = await getWithCookie(api.app, path, cookie);
    const body = (await response.json()) as T;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const withCursor = (path: string, cursor: string | null) =>
    cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;

  /** Every page forward from page 1, then every page back from the last; the ids of each page. */
  const walk = async (path: string) => {
    const forward: number[][] = [];
    let page = await get(path);
    const total = page.total;
    forward.push(page.items.map((row) => row.id));
    expect(page.prevCursor).toBeNull();
    while (page.nextCursor) {
      page = await get(withCursor(path, page.nextCursor));
      forward.push(page.items.map((row) => row.id));
      expect(forward.length).toBeLessThan(100);
    }
    const backward: number[][] = [page.items.map((row) => row.id)];
    while (page.prevCursor) {
      page = await get(withCursor(path, page.prevCursor));
      backward.unshift(page.items.map((row) => row.id));
    }
    return { forward, backward, total };
  };

  beforeAll(async () => {
    creator = await createReadyCreator(api.app, api.db, { email: 'keyset@example.com' });
    others = [];
    for (let i = 0; i < 3; i += 1) others.push((await insertCreator(api.db)).id);
  });

  it('transactions: every row once, newest first, with each filter, and back again page by page', async () => {
    const campaign = (await insertCampaigns(api.db, 1))[0]!;
    const kinds = ['reward', 'adjustment', 'redemption'] as const;
    const statuses = ['completed', 'completed', 'failed', 'pending'] as const;
    const rows = Array.from({ length: 47 }, (_, i) => ({
      creatorId: others[i % others.length]!,
      campaignId: kinds[i % 3] === 'reward' ? campaign.id : null,
      amount: String(i + 1),
      kind: kinds[i % 3]!,
      status: statuses[i % 4]!,
      createdAt: at(i),
      updatedAt: at(i),
    }));
    const inserted = await api.db.insert(transactions).values(rows).returning();
    const newestFirst = (list: typeof inserted) =>
      [...list]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .map((row) => row.id);

    const all = await walk('/api/admin/transactions?limit=5');
    expect(all.total).toBe(47);
    expect(all.forward.flat()).toEqual(newestFirst(inserted));
    expect(all.forward.map((ids) => ids.length)).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 2]);
    expect(all.backward).toEqual(all.forward);

    const failed = await walk('/api/admin/transactions?status=failed&limit=4');
    expect(failed.forward.flat()).toEqual(newestFirst(inserted.filter((row) => row.status === 'failed')));
    expect(failed.total).toBe(failed.forward.flat().length);
    const rewards = await walk('/api/admin/transactions?kind=reward&status=completed&limit=3');
    expect(rewards.forward.flat()).toEqual(
      newestFirst(inserted.filter((row) => row.kind === 'reward' && row.status === 'completed')),
    );
    expect(rewards.backward).toEqual(rewards.forward);
    // A search (the creator's name, resolved per table first) pages the same way.
    const [second] = await api.db.select().from(creators).where(eq(creators.id, others[1]!));
    const found = await walk(`/api/admin/transactions?limit=4&q=${encodeURIComponent(second!.name)}`);
    expect(found.forward.flat()).toEqual(newestFirst(inserted.filter((row) => row.creatorId === others[1])));
    expect(found.total).toBe(found.forward.flat().length);
    expect(found.backward).toEqual(found.forward);
    expect((await get<Page & { totalCapped: boolean }>('/api/admin/transactions?limit=2')).totalCapped).toBe(
      false,
    );
  });

  it('a search matching more than 1,000 transactions shows 1,000+ and still pages to its end', async () => {
    const broad = await insertCreator(api.db, { name: 'Broad Match' });
    await api.db.insert(transactions).values(
      Array.from({ length: 1003 }, (_, i) => ({
        creatorId: broad.id,
        amount: '1',
        kind: 'adjustment' as const,
        status: 'completed' as const,
        createdAt: new Date(BASE - 1_000_000 + i),
      })),
    );
    type Capped = Page & { totalCapped: boolean };
    const first = await get<Capped>('/api/admin/transactions?limit=100&q=broad%20match');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    let page: Capped = first;
    let seen = first.items.length;
    while (page.nextCursor) {
      page = await get<Capped>(
        withCursor('/api/admin/transactions?limit=100&q=broad%20match', page.nextCursor),
      );
      seen += page.items.length;
    }
    expect(seen).toBe(1003);
    const narrow = await get<Capped>('/api/admin/transactions?limit=1&q=nobody%20matches%20this');
    expect(narrow).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });

  it('transactions: rows written between page reads neither repeat nor hide the rows still to come', async () => {
    const start = await api.db
      .select({ id: transactions.id, createdAt: transactions.createdAt })
      .from(transactions);
    const page1 = await get('/api/admin/transactions?limit=10');
    // Newer payments arrive (they belong above page 1), and one older row lands among the rows not read yet.
    const later = Array.from({ length: 6 }, (_, i) => ({
      creatorId: others[0]!,
      amount: '5',
      kind: 'adjustment' as const,
      status: 'completed' as const,
      createdAt: new Date(BASE + 10_000_000 + i),
    }));
    await api.db.insert(transactions).values(later);
    const oldest = start.reduce((a, b) => (a.createdAt < b.createdAt ? a : b));
    const [older] = await api.db
      .insert(transactions)
      .values({
        creatorId: others[1]!,
        amount: '7',
        kind: 'adjustment',
        status: 'completed',
        createdAt: new Date(oldest.createdAt.getTime() + 1),
      })
      .returning();
    const seen = page1.items.map((row) => row.id);
    let cursor = page1.nextCursor;
    while (cursor) {
      const page = await get(withCursor('/api/admin/transactions?limit=10', cursor));
      seen.push(...page.items.map((row) => row.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual(
      [...start.map((row) => row.id), older!.id].sort((a, b) => a - b),
    );
  });

  it('creators, campaigns and the audit log: every row once, in order, with search and filters', async () => {
    const made = [];
    for (let i = 0; i < 23; i += 1) {
      made.push(
        await insertCreator(api.db, {
          name: i % 2 ? `Paging Odd ${i}` : `Paging Even ${i}`,
          createdAt: at(i),
        }),
      );
    }
    const everyone = await api.db.select({ id: creators.id, createdAt: creators.createdAt }).from(creators);
    const order = (list: { id: number; createdAt: Date }[]) =>
      [...list]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .map((row) => row.id);
    const creatorPages = await walk('/api/admin/influencers?limit=4');
    expect(creatorPages.forward.flat()).toEqual(order(everyone));
    expect(creatorPages.backward).toEqual(creatorPages.forward);
    const odd = await walk('/api/admin/influencers?limit=3&q=paging%20odd');
    expect(odd.forward.flat()).toEqual(order(made.filter((row) => row.name.startsWith('Paging Odd'))));
    expect(odd.total).toBe(11);

    const campaigns = await insertCampaigns(api.db, 14, (i) => ({
      createdAt: at(i),
      status: i % 2 ? 'active' : 'draft',
    }));
    const listed = await walk('/api/admin/campaigns?limit=4');
    const everyCampaign = (await get<Page>('/api/admin/campaigns?limit=100')).items.map((row) => row.id);
    expect(listed.forward.flat()).toEqual(everyCampaign);
    expect(listed.forward.flat().filter((id) => campaigns.some((c) => c.id === id))).toEqual(
      order(campaigns),
    );
    const active = await walk('/api/admin/campaigns?limit=2&status=active');
    const mine = new Set(campaigns.map((c) => c.id));
    expect(active.forward.flat().filter((id) => mine.has(id))).toEqual(
      order(campaigns.filter((c) => c.status === 'active')),
    );
    expect(active.forward.flat().length).toBe(active.total);
    expect(active.backward).toEqual(active.forward);

    const entries = await api.db
      .insert(auditLog)
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          actorName: i % 2 ? 'Pager <pager@mintbox.test>' : 'Other <other@mintbox.test>',
          action: 'campaign.update',
          entityType: 'campaign',
          entityId: String(i),
          createdAt: at(i),
        })),
      )
      .returning();
    const trail = await walk('/api/admin/audit-log?limit=3&actor=pager%40mintbox.test');
    expect(trail.forward.flat()).toEqual(order(entries.filter((e) => e.actorName.startsWith('Pager'))));
    expect(trail.backward).toEqual(trail.forward);
  });

  it("the creator's wallet history: every entry once, newest first, then no further page", async () => {
    const rows = await api.db
      .insert(ledgerEntries)
      .values(
        Array.from({ length: 11 }, (_, i) => ({
          creatorId: creator.creatorId,
          amount: i + 1,
          kind: 'adjustment' as const,
          reference: `keyset:${i}`,
          description: `Entry ${i}`,
          createdAt: at(i),
        })),
      )
      .returning();
    // Another creator's entry is never on this creator's pages.
    await api.db.insert(ledgerEntries).values({
      creatorId: others[0]!,
      amount: 3,
      kind: 'adjustment',
      reference: 'keyset:other',
      description: 'Not mine',
      createdAt: at(4),
    });
    type Wallet = { entries: { id: number }[]; entriesTotal: number; entriesNextCursor: string | null };
    const seen: number[] = [];
    let page = await get<Wallet>('/api/me/wallet?limit=4', creator.cookie);
    seen.push(...page.entries.map((e) => e.id));
    while (page.entriesNextCursor) {
      page = await get<Wallet>(withCursor('/api/me/wallet?limit=4', page.entriesNextCursor), creator.cookie);
      seen.push(...page.entries.map((e) => e.id));
    }
    expect(page.entriesTotal).toBe(11);
    expect(seen).toEqual(
      [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((e) => e.id),
    );
  });

  it('refuses a cursor it did not make with a 400 and a clear message', async () => {
    for (const path of [
      '/api/admin/transactions',
      '/api/admin/influencers',
      '/api/admin/campaigns',
      '/api/admin/audit-log',
    ]) {
      const response = await getWithCookie(api.app, `${path}?cursor=not-a-cursor`, api.admin);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/cursor is not valid/);
    }
    const wallet = await getWithCookie(api.app, '/api/me/wallet?cursor=%24%24', creator.cookie);
    expect(wallet.status).toBe(400);
  });

  // Last: it adds thousands of creators and entries that the walks of every row above would have to page through.
  it('creators and audit-log searches matching more than 1,000 show 1,000+ and still page to their end', async () => {
    type Capped = Page & { totalCapped: boolean };
    const old = BASE - 10_000_000_000;
    // 1,003 matches, all older than 2,001 other creators: the page cannot come from the newest rows read in order,
    // so the matches are looked up through the trigram indexes; later pages start among the matches.
    const wide = await api.db
      .insert(creators)
      .values(
        Array.from({ length: 1003 }, (_, i) => ({
          username: `wide${i}`,
          name: `Wide Match ${i}`,
          email: `wide${i}@capped.test`,
          createdAt: new Date(old + Math.floor(i / 2) * 1000),
        })),
      )
      .returning({ id: creators.id, createdAt: creators.createdAt });
    const fillers = await api.db
      .insert(creators)
      .values(
        Array.from({ length: 2001 }, (_, i) => ({
          username: `filler${i}`,
          name: `Filler ${i}`,
          email: `filler${i}@capped.test`,
          createdAt: new Date(old + 5_000_000 + i * 1000),
        })),
      )
      .returning({ id: creators.id, createdAt: creators.createdAt });
    const order = (list: { id: number; createdAt: Date }[]) =>
      [...list]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .map((row) => row.id);

    const first = await get<Capped>('/api/admin/influencers?limit=100&q=wide%20match');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    const all = await walk('/api/admin/influencers?limit=100&q=wide%20match');
    expect(all.forward.flat()).toEqual(order(wide));
    expect(all.backward).toEqual(all.forward);
    // A broad term whose matches are the newest rows: read in the list's order.
    const broad = await get<Capped>('/api/admin/influencers?limit=50&q=filler');
    expect(broad).toMatchObject({ total: 1000, totalCapped: true });
    expect(broad.items.map((row) => row.id)).toEqual(order(fillers).slice(0, 50));
    expect(await get<Capped>('/api/admin/influencers?limit=5&q=wide%20match%201002')).toMatchObject({
      total: 1,
      totalCapped: false,
      items: [{ id: order(wide)[0] }],
    });
    expect(await get<Capped>('/api/admin/influencers?limit=5&q=nobody%20matches%20this')).toMatchObject({
      total: 0,
      totalCapped: false,
      items: [],
    });

    const entries = await api.db
      .insert(auditLog)
      .values(
        Array.from({ length: 1003 }, (_, i) => ({
          actorName: 'Capped <capped@mintbox.test>',
          action: 'creator.suspend',
          entityType: 'creator',
          entityId: String(i),
          createdAt: new Date(old + i * 1000),
        })),
      )
      .returning();
    expect(await get<Capped>('/api/admin/audit-log?limit=100&actor=capped')).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
    const trail = await walk('/api/admin/audit-log?limit=100&actor=capped');
    expect(trail.forward.flat()).toEqual(order(entries));
    expect(await get<Capped>('/api/admin/audit-log?limit=100&actor=capped&to=1970-01-01')).toMatchObject({
      total: 0,
      totalCapped: false,
    });
  });
});
