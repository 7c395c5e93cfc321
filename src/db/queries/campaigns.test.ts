import { describe, expect, it } from 'vitest';
import { decodeCampaignCursor, encodeCampaignCursor, keywordTerms } from './campaigns';

describe('campaign cursor', () => {
  it('round-trips a position', () => {
    const position = { createdAt: new Date('2026-05-01T10:20:30.456Z'), id: 42 };
    expect(decodeCampaignCursor(encodeCampaignCursor(position))).toEqual(position);
  });

  it('rejects anything it did not make', () => {
    for (const text of [
      '',
      'abc',
      Buffer.from('x.1').toString('base64url'),
      Buffer.from('1.0').toString('base64url'),
      Buffer.from('1.99999999999').toString('base64url'),
    ]) {
      expect(decodeCampaignCursor(text), text).toBeNull();
    }
  });
});

describe('keyword terms', () => {
  it('lower-cases, splits on spaces and keeps at most 8 words', () => {
    expect(keywordTerms('  Glow   SERUM ')).toEqual(['glow', 'serum']);
    expect(keywordTerms(undefined)).toEqual([]);
    expect(keywordTerms('a b c d e f g h i j')).toHaveLength(8);
  });
});
