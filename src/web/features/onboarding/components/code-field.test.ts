import { describe, expect, it } from 'vitest';
import { cleanCode } from './code-field';

describe('cleanCode', () => {
  it('keeps at most six digits of what was typed or pasted', () => {
    expect(cleanCode('123456')).toBe('123456');
    expect(cleanCode('123 456')).toBe('123456');
    expect(cleanCode('Code: 98-76-54-32')).toBe('987654');
    expect(cleanCode('abc')).toBe('');
  });
});
