import { describe, expect, it } from 'vitest';
import {
  commonPasswordCandidates,
  PASSWORD_MESSAGES,
  passwordProblem,
  passwordShapeProblem,
} from './password';

const COMMON = new Set(['password', 'sunshine', '1234567890', 'qwertyuiop']);
const isCommon = (candidate: string) => COMMON.has(candidate);

describe('the password rule', () => {
  it('needs 10 to 128 characters, not all spaces, and no control characters', () => {
    expect(passwordShapeProblem('password')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordShapeProblem('12345678')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordShapeProblem('        ')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordShapeProblem('          ')).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordShapeProblem('pass\u0000word-long')).toBe(PASSWORD_MESSAGES.control);
    expect(passwordShapeProblem('pass\u0007word-long')).toBe(PASSWORD_MESSAGES.control);
    expect(passwordShapeProblem('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordShapeProblem('correct horse battery')).toBeNull();
    expect(passwordShapeProblem('Ünïcødé pässwörd 🙂')).toBeNull();
  });

  it('refuses common passwords, also capitalised, with digits or symbols after, or in leetspeak', () => {
    for (const weak of [
      '1234567890',
      'QwertyUIOP',
      'Password2026!',
      'Sunshine123456',
      'P@ssw0rd!!!!',
      'pa55word12',
    ]) {
      expect(passwordProblem(weak, isCommon), weak).toBe(PASSWORD_MESSAGES.common);
    }
    expect(passwordProblem('sunshine on the bay', isCommon)).toBeNull();
    expect(passwordProblem('correct horse battery', isCommon)).toBeNull();
  });

  it('checks the shape before the list', () => {
    expect(passwordProblem('password', isCommon)).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('compares the lowercase form, without trailing digits and symbols, and with digits read as letters', () => {
    expect(commonPasswordCandidates('P@ssw0rd2026!')).toEqual(
      expect.arrayContaining(['p@ssw0rd2026!', 'p@ssw0rd', 'password']),
    );
  });
});
