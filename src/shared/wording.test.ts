import { describe, expect, it } from 'vitest';
import { PLATFORM_LABELS } from './constants';
import { countNoun, nounFor, withArticle } from './wording';

describe('wording', () => {
  it('chooses the article by sound for every platform name', () => {
    expect(withArticle(PLATFORM_LABELS.instagram)).toBe('an Instagram');
    expect(withArticle(PLATFORM_LABELS.tiktok)).toBe('a TikTok');
    expect(withArticle(PLATFORM_LABELS.youtube)).toBe('a YouTube');
    expect(withArticle(PLATFORM_LABELS.facebook)).toBe('a Facebook');
    expect(withArticle('hour')).toBe('an hour');
    expect(withArticle('user')).toBe('a user');
    expect(withArticle('email')).toBe('an email');
  });

  it('says one in the singular and every other count in the plural', () => {
    expect(countNoun(1, 'campaign')).toBe('1 campaign');
    expect(countNoun(0, 'campaign')).toBe('0 campaigns');
    expect(countNoun(2, 'campaign')).toBe('2 campaigns');
    expect(countNoun(3, 'person', 'people')).toBe('3 people');
    expect(nounFor(1, 'campaign')).toBe('campaign');
    expect(nounFor(1000, 'campaign')).toBe('campaigns');
  });
});
