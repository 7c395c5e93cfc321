import { describe, expect, it } from 'vitest';
import { applicationDeadlineFor, applicationsOpen, uploadDeadline, uploadsOpen } from './deadlines';
import { allowedActions, LIFECYCLE_MOVES, offeredActions, statusesFrom } from './moves';
import { ACCEPTED_STATUSES, APPLICATION_STATUSES, CONTENT_DUE_STATUSES } from './statuses';

describe('the upload-deadline rule', () => {
  it('reads application deadlines back from upload deadlines, for the sweep queries', () => {
    for (const day of ['2026-03-01', '2026-12-28', '2028-02-25']) {
      expect(applicationDeadlineFor(uploadDeadline(day))).toBe(day);
    }
  });

  it('keeps applications open through the deadline day and uploads through deadline + 7 days (UTC)', () => {
    expect(applicationsOpen('2026-06-10', new Date('2026-06-10T23:59:59Z'))).toBe(true);
    expect(applicationsOpen('2026-06-10', new Date('2026-06-11T00:00:00Z'))).toBe(false);
    expect(uploadsOpen('2026-06-10', new Date('2026-06-17T23:59:59Z'))).toBe(true);
    expect(uploadsOpen('2026-06-10', new Date('2026-06-18T00:00:00Z'))).toBe(false);
  });

  it('lists only real statuses as owing content', () => {
    for (const status of CONTENT_DUE_STATUSES) expect(APPLICATION_STATUSES).toContain(status);
  });
});

describe('the table of moves', () => {
  it('has one row at most for each status, action, actor and kind of campaign', () => {
    for (const box of [true, false]) {
      const keys = LIFECYCLE_MOVES.filter((m) => m.box === undefined || m.box === box).map(
        (m) => `${m.from} ${m.action} ${m.by}`,
      );
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('misses exactly the statuses that owe content, and only the sweep does', () => {
    expect(new Set(statusesFrom('miss_deadline'))).toEqual(new Set(CONTENT_DUE_STATUSES));
    expect(
      LIFECYCLE_MOVES.filter((m) => m.by === 'system' && m.action !== 'close_account').map((m) => m.action),
    ).toEqual(CONTENT_DUE_STATUSES.map(() => 'miss_deadline'));
  });

  it('a closed account ends every accepted application not over yet, and nothing else (decision 0028)', () => {
    const ends = LIFECYCLE_MOVES.filter((m) => m.action === 'close_account');
    expect(ends.every((m) => m.by === 'system' && m.to === 'withdrawn')).toBe(true);
    expect(new Set(statusesFrom('close_account'))).toEqual(
      new Set(ACCEPTED_STATUSES.filter((s) => s !== 'approved' && s !== 'missed')),
    );
  });

  it('gives the boxes back on every move that leaves accepted before the box ships, and only there (issue 37)', () => {
    const leaving = LIFECYCLE_MOVES.filter(
      (m) => m.from === 'accepted' && m.to !== 'accepted' && m.to !== 'shipped',
    );
    const noBoxYet = leaving.filter((m) => m.to !== 'content_submitted');
    expect(noBoxYet.map((m) => `${m.by}:${m.action}`)).toEqual([
      'creator:withdraw',
      'admin:reject',
      'system:miss_deadline',
      'system:close_account',
    ]);
    expect(noBoxYet.every((m) => m.stock === 'release')).toBe(true);
    expect(LIFECYCLE_MOVES.filter((m) => m.stock === 'release')).toEqual(noBoxYet);
    expect(LIFECYCLE_MOVES.filter((m) => m.stock === 'reserve').map((m) => m.action)).toEqual(['accept']);
  });

  it('ends in final statuses: nothing is allowed after approval, rejection, withdrawal or a missed deadline', () => {
    for (const status of ['approved', 'rejected', 'withdrawn', 'missed'] as const) {
      for (const actor of ['creator', 'admin', 'system'] as const) {
        expect(allowedActions(status, actor, true)).toEqual([]);
        expect(allowedActions(status, actor, false)).toEqual([]);
      }
    }
  });

  it('offers the buttons a step needs: content after acceptance only without a box, no second confirmation', () => {
    expect([...offeredActions('accepted', 'creator', false)]).toEqual(['withdraw', 'submit_content']);
    expect([...offeredActions('accepted', 'creator', true)]).toEqual(['withdraw']);
    expect([...offeredActions('accepted', 'admin', true)]).toEqual(['reject', 'ship']);
    expect([...offeredActions('shipped', 'creator', true)]).toEqual(['confirm_delivery', 'report_problem']);
    expect([...offeredActions('delivered', 'creator', true)]).toEqual(['report_problem', 'submit_content']);
    expect(allowedActions('delivered', 'creator', true)).toContain('confirm_delivery');
    expect([...offeredActions('shipped', 'admin', true)]).toEqual(['ship', 'mark_delivered', 'reship']);
    expect([...offeredActions('content_submitted', 'admin', false)]).toEqual(['approve', 'request_changes']);
  });
});
