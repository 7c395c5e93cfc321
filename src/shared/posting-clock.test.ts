import { describe, expect, it } from 'vitest';
import { clockOpen, postingClock, problemDays } from './posting-clock';

const at = (iso: string) => new Date(iso);
const base = {
  campaignUploadDeadline: '2026-07-08',
  shipsBox: true,
  deliveredAt: at('2026-06-20T10:00:00Z'),
  problems: [],
  changesRequestedAt: null,
  now: at('2026-06-25T12:00:00Z'),
};

describe('postingClock', () => {
  it('keeps the campaign deadline when the box arrived in time', () => {
    expect(postingClock(base)).toEqual({
      deadline: '2026-07-08',
      campaignDeadline: '2026-07-08',
      paused: false,
      reasons: [],
    });
  });

  it('moves the deadline to delivery + 7 days when the box arrived late', () => {
    const clock = postingClock({ ...base, deliveredAt: at('2026-07-06T18:00:00Z') });
    expect(clock.deadline).toBe('2026-07-13');
    expect(clock.paused).toBe(false);
    expect(clock.reasons).toEqual(['Moved to 7 days after your box arrived (Jul 6).']);
  });

  it('is paused until the box arrives, whatever the date', () => {
    const clock = postingClock({ ...base, deliveredAt: null, now: at('2026-08-30T12:00:00Z') });
    expect(clock.paused).toBe(true);
    expect(clockOpen(clock, at('2026-08-30T12:00:00Z'))).toBe(true);
    expect(clock.reasons[0]).toContain('has not arrived yet');
  });

  it('adds the whole days a problem stayed open, and pauses while one is open', () => {
    const resolved = postingClock({
      ...base,
      problems: [{ openedAt: at('2026-06-22T09:00:00Z'), resolvedAt: at('2026-06-25T10:00:00Z') }],
    });
    // 3 days and 1 hour open: 4 days.
    expect(resolved).toMatchObject({ deadline: '2026-07-12', paused: false });
    expect(resolved.reasons).toEqual(['Extended by 4 days while a delivery problem was open.']);

    const open = postingClock({
      ...base,
      problems: [{ openedAt: at('2026-06-22T09:00:00Z'), resolvedAt: null }],
      now: at('2026-07-20T09:00:00Z'),
    });
    expect(open.paused).toBe(true);
    expect(open.deadline).toBe('2026-08-05');
    expect(clockOpen(open, at('2026-09-01T00:00:00Z'))).toBe(true);
  });

  it('extends a late delivery by the problem time too (the later date, then the extension)', () => {
    const clock = postingClock({
      ...base,
      deliveredAt: at('2026-07-10T08:00:00Z'),
      problems: [{ openedAt: at('2026-06-28T08:00:00Z'), resolvedAt: at('2026-07-03T08:00:00Z') }],
    });
    expect(clock.deadline).toBe('2026-07-22');
    expect(clock.reasons).toHaveLength(2);
  });

  it('gives at least 3 days after a late request for changes', () => {
    const late = postingClock({ ...base, changesRequestedAt: at('2026-07-07T20:00:00Z') });
    expect(late.deadline).toBe('2026-07-10');
    expect(late.reasons).toEqual(['Changes were requested late: you have until Jul 10 to resubmit.']);
    const early = postingClock({ ...base, changesRequestedAt: at('2026-06-26T20:00:00Z') });
    expect(early.deadline).toBe('2026-07-08');
    expect(early.reasons).toEqual([]);
  });

  it('ignores delivery for campaigns without a box', () => {
    const clock = postingClock({ ...base, shipsBox: false, deliveredAt: null });
    expect(clock).toMatchObject({ deadline: '2026-07-08', paused: false });
  });

  it('runs out after the end of the deadline day (UTC)', () => {
    const clock = postingClock(base);
    expect(clockOpen(clock, at('2026-07-08T23:59:59Z'))).toBe(true);
    expect(clockOpen(clock, at('2026-07-09T00:00:00Z'))).toBe(false);
  });
});

describe('problemDays', () => {
  it('counts a part of a day as a day, and nothing for no time', () => {
    const openedAt = at('2026-06-01T00:00:00Z');
    expect(
      problemDays({ openedAt, resolvedAt: at('2026-06-01T00:00:00Z') }, at('2026-06-05T00:00:00Z')),
    ).toBe(0);
    expect(
      problemDays({ openedAt, resolvedAt: at('2026-06-01T00:30:00Z') }, at('2026-06-05T00:00:00Z')),
    ).toBe(1);
    expect(problemDays({ openedAt, resolvedAt: null }, at('2026-06-03T00:00:00Z'))).toBe(2);
  });
});
