import { describe, expect, it } from 'vitest';
import { PHONE_EXAMPLE, phoneProblem } from './phone';
import { US_PHONE_PATTERN } from './schemas/profile';

describe('the phone fields (issue 41)', () => {
  it('show an example that the rule accepts', () => {
    expect(US_PHONE_PATTERN.test(PHONE_EXAMPLE)).toBe(true);
    expect(phoneProblem(PHONE_EXAMPLE)).toBeUndefined();
  });

  it.each([
    ['(555) 123-4567', 'The 3 digits after the area code cannot start with 0 or 1.'],
    ['(055) 555-0134', 'The area code cannot start with 0 or 1.'],
    ['(212) 123-4567', 'The 3 digits after the area code cannot start with 0 or 1.'],
    ['+1 212 055 0134', 'The 3 digits after the area code cannot start with 0 or 1.'],
    ['555-0134', 'A US number has 10 digits after the optional +1; this one has 7.'],
    ['212 555 01345', 'A US number has 10 digits after the optional +1; this one has 11.'],
    ['212-555-O134', 'Use digits only, with spaces, dashes, dots or brackets between them.'],
  ])('say what is wrong with %s', (value, problem) => {
    expect(US_PHONE_PATTERN.test(value)).toBe(false);
    expect(phoneProblem(value)).toBe(problem);
  });
});
