import { US_PHONE_PATTERN } from './schemas/profile';

/** The example the phone fields show: a number the US phone rule accepts (issue 41). */
export const PHONE_EXAMPLE = '(212) 555-0134';

/**
 * What is wrong with a phone number the US rule refuses, in words a creator can act on (shown under the spec's
 * 'Please enter a valid US phone number'); undefined when the number passes or nothing more precise can be said.
 */
export function phoneProblem(value: string): string | undefined {
  const text = value.trim();
  if (text === '' || US_PHONE_PATTERN.test(text)) return undefined;
  if (/[^\d\s().+-]/.test(text))
    return 'Use digits only, with spaces, dashes, dots or brackets between them.';
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10)
    return `A US number has 10 digits after the optional +1; this one has ${digits.length}.`;
  if (/^[01]/.test(digits)) return 'The area code cannot start with 0 or 1.';
  if (/^[01]/.test(digits.slice(3))) return 'The 3 digits after the area code cannot start with 0 or 1.';
  return undefined;
}
