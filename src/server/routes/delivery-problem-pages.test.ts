import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import type { AdminProblem } from '../../shared/schemas/delivery-problems';

type Page = { items: AdminProblem[]; nextCursor: string | null; openCount: number };

/**
 * Issue 28: the admins' problems list answers a page at a time (50 unless `limit` says otherwise) and the next page
 * starts after the last row shown, so a problem resolved between two reads neither hides another nor shows twice.
 */
describe.each(TEST_DRIVERS)('the problems list pages by keyset on %s', (driver) => {
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  const api = useAdminApp(driver, { mailer: captureMailer(), now: () => clock.now });
  const later = (minutes: number) => {
    clock.now = new Date(clock.now.getTime() + minutes * 60_000);
  };

  const call = async (path: string, body: unknown, cookie = api.admin) => {
    const response = await postJson(api.app, path, body, cookie);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const get = async (path: string) => {
    const response = await getWithCookie(api.app, path, api.admin);
    return { status: response.status, body: (await response.json()) as Page & { error?: string } };
  };
  /** Every page of a list, following nextCursor; `between` runs after each page read. */
  const walk = async (query: string, between?: (page: number, read: Page[]) => Promise<void>) => {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/admin/problems?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await get(path);
      expect(answer.status).toBe(200);
      pages.push(answer.body);
      cursor = answer.body.nextCursor;
      await between?.(pages.length, pages);
    } while (cursor && pages.length < 50);
    return pages;
  };
  const ids = (pages: Page[]) => pages.flatMap((p) => p.items.map((i) => i.id));
  const resolve = async (id: number) =>
    expect((await call(`/api/admin/problems/${id}/resolve`, {})).status).toBe(200);

  /** Open problems oldest first, ties lowest id first. */
  const openOrder = (a: AdminProblem, b: AdminProblem) => a.openedAt.localeCompare(b.openedAt) || a.id - b.id;
  /** Resolved problems newest first, ties lowest id first. */
  const resolvedOrder = (a: AdminProblem, b: AdminProblem) =>
    (b.resolvedAt ?? '').localeCompare(a.resolvedAt ?? '') || a.id - b.id;

  beforeAll(async () => {
    // One creator reports a problem with 55 PR boxes, two reports a minute (each pair shares its time).
    const creator = await createReadyCreator(api.app, api.db, {
      email: 'boxes@example.com',
      name: 'Bo Boxes',
    });
    for (let i = 1; i <= 55; i += 1) {
      const campaign = await insertCampaign(api.db, {
        name: `Box Campaign ${String(i).padStart(2, '0')}`,
        status: 'active',
        type: 'gifting',
        deadline: '2026-07-01',
        followersRequired: 0,
      });
      const applied = await call(`/api/campaigns/${campaign.id}/applications`, {}, creator.cookie);
      const applicationId = applied.body.id as number;
      expect((await call(`/api/admin/applications/${applicationId}/accept`, {})).status).toBe(200);
      const shipped = await call(`/api/admin/applications/${applicationId}/shipment`, {
        carrier: 'USPS',
        trackingNumber: `94001${i}`,
      });
      expect(shipped.status).toBe(200);
      const reported = await call(
        `/api/applications/${applicationId}/delivery`,
        { action: 'report', problem: 'not_received', note: `Box ${i}` },
        creator.cookie,
      );
      expect(reported.status).toBe(200);
      if (i % 2 === 0) later(1);
    }
  }, 120_000);

  it('shows the open ones 50 at a time, oldest first, each once even when one is resolved between two pages', async () => {
    let resolvedBetween: AdminProblem | undefined;
    const pages = await walk('status=open', async (page, read) => {
      if (page !== 1) return;
      // The admin resolves the 11th problem of the first page before asking for the second.
      resolvedBetween = read[0]!.items[10];
      later(1);
      await resolve(resolvedBetween!.id);
    });
    expect(pages.map((p) => p.items.length)).toEqual([50, 5]);
    expect(pages[0]!.openCount).toBe(55);
    expect(pages[1]!.openCount).toBe(54);
    expect(pages[1]!.nextCursor).toBeNull();
    const items = pages.flatMap((p) => p.items);
    // Every problem once (the one resolved after page 1 was read is on page 1), in the list's order.
    expect(new Set(ids(pages)).size).toBe(55);
    expect(items.map((i) => i.note)).toEqual(Array.from({ length: 55 }, (_, i) => `Box ${i + 1}`));
    expect([...items].sort(openOrder)).toEqual(items);
    expect(items.every((i) => i.status === 'open')).toBe(true);

    // A new walk has the resolved one no more.
    const again = await walk('status=open');
    expect(ids(again)).toEqual(ids(pages).filter((id) => id !== resolvedBetween!.id));
    expect(again.map((p) => p.items.length)).toEqual([50, 4]);
  });

  it('shows the resolved ones newest first; one resolved during the walk goes on top, not on a later page', async () => {
    const open = (await walk('status=open&limit=100'))[0]!.items;
    // Two resolved at one instant, three at the next (ties by id), then the walk by pages of 2.
    later(1);
    await resolve(open[0]!.id);
    await resolve(open[1]!.id);
    later(1);
    for (const p of open.slice(2, 5)) await resolve(p.id);
    const before = ids(await walk('status=resolved&limit=100'));
    expect(before).toHaveLength(6);

    let resolvedDuring: number | undefined;
    const pages = await walk('status=resolved&limit=2', async (page) => {
      if (page !== 2) return;
      later(1);
      resolvedDuring = open[5]!.id;
      await resolve(resolvedDuring);
    });
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2]);
    const items = pages.flatMap((p) => p.items);
    expect(ids(pages)).toEqual(before);
    expect([...items].sort(resolvedOrder)).toEqual(items);
    expect(items.every((i) => i.status === 'resolved')).toBe(true);
    expect(ids(pages)).not.toContain(resolvedDuring);

    // Now it leads the list.
    const first = (await get('/api/admin/problems?status=resolved&limit=2')).body;
    expect(first.items[0]!.id).toBe(resolvedDuring);
  });

  it('"all" pages through the open ones, then the resolved ones, across the boundary', async () => {
    const open = ids(await walk('status=open&limit=100'));
    const resolved = ids(await walk('status=resolved&limit=100'));
    const pages = await walk('status=all&limit=8');
    expect(ids(pages)).toEqual([...open, ...resolved]);
    expect(pages.map((p) => p.items.length)).toEqual([8, 8, 8, 8, 8, 8, 7]);
    expect(pages.every((p) => p.openCount === open.length)).toBe(true);
  });

  it('refuses a cursor it did not make, one of another list and a limit out of range', async () => {
    const openPage = await get('/api/admin/problems?status=open&limit=1');
    const resolvedPage = await get('/api/admin/problems?status=resolved&limit=1');
    const bad = async (query: string) => {
      const answer = await get(`/api/admin/problems?${query}`);
      expect(answer.status, query).toBe(400);
      return answer.body.error;
    };
    expect(await bad('cursor=not-a-cursor')).toBe('cursor is not valid: load the first page again');
    // A cursor of another paged list (the transactions') is not one of this list.
    const other = btoa('a|2026-06-10T12:00:00.000Z|5').replace(/=+$/, '');
    expect(await bad(`cursor=${other}`)).toBe('cursor is not valid: load the first page again');
    expect(await bad(`status=open&cursor=${encodeURIComponent(resolvedPage.body.nextCursor!)}`)).toBe(
      'cursor is not valid: load the first page again',
    );
    expect(await bad(`status=resolved&cursor=${encodeURIComponent(openPage.body.nextCursor!)}`)).toBe(
      'cursor is not valid: load the first page again',
    );
    expect(await bad('limit=0')).toBe('limit must be at least 1');
    expect(await bad('limit=101')).toBe('limit must be at most 100');
    // The "all" list takes the cursor of either part.
    expect(
      (await get(`/api/admin/problems?status=all&cursor=${encodeURIComponent(openPage.body.nextCursor!)}`))
        .status,
    ).toBe(200);
  });
});
