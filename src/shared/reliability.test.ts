import { describe, expect, it } from 'vitest';
import { reliabilityFigures, reliabilityTips } from './reliability';
import { EMPTY_RELIABILITY, type Reliability } from './schemas/reliability';

const record = (overrides: Partial<Reliability> = {}): Reliability => ({
  ...EMPTY_RELIABILITY,
  ...overrides,
});

describe('the reliability record in words', () => {
  it('shows every figure with the counts behind it, and no share of nothing', () => {
    const figures = reliabilityFigures(
      record({ applications: 5, accepted: 4, due: 4, onTime: 3, missed: 1, averageDaysToPost: 2.5 }),
    );
    expect(figures.map((f) => `${f.label}: ${f.value} ${f.counts}`)).toEqual([
      'Applications accepted: 4 of 5 applications',
      'Posts on time: 3 75% of 4 posts due',
      'Posts late: 0 0% of 4 posts due',
      'Posts missed: 1 25% of 4 posts due',
      'Approved at first submission: 0 of 0 reviewed submissions',
      'Delivery problems reported: 0 on 0 PR boxes shipped',
      'Average days from delivery to post: 2.5 over 0 posts after a delivery',
    ]);
    expect(reliabilityFigures(record())[1]).toMatchObject({ value: '0', counts: '– of 0 posts due' });
    expect(reliabilityFigures(record({ due: 1, onTime: 1 }))[1]?.counts).toBe('100% of 1 post due');
  });

  it('tells a creator how to improve in plain sentences, and praises only a record that earns it', () => {
    expect(reliabilityTips(record())).toEqual([
      'Apply to a campaign: your record starts with your first accepted application.',
    ]);
    expect(reliabilityTips(record({ applications: 2, accepted: 1 }))).toEqual([
      'Once you are accepted, post before your upload deadline: every post on time builds your record.',
    ]);
    expect(
      reliabilityTips(record({ applications: 2, due: 2, onTime: 2, firstReviewed: 2, firstApproved: 2 })),
    ).toEqual(['Keep it up: every post so far was on time.']);
    const tips = reliabilityTips(
      record({
        applications: 4,
        due: 3,
        onTime: 1,
        late: 1,
        missed: 1,
        firstReviewed: 2,
        firstApproved: 1,
        averageDaysToPost: 9,
      }),
    );
    expect(tips).toHaveLength(4);
    expect(tips[1]).toBe(
      '1 post came after the day it was due. Once a delivery problem is resolved, post as soon as you can.',
    );
    expect(tips[0]).toBe(
      'You missed 1 post. Post before your upload deadline; if you cannot, tell us before it passes.',
    );
  });
});
