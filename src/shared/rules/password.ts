import { z } from 'zod';
import { hasControlCharacter } from './text';

/**
 * The password rule, one for the sign-up and reset forms and the server: 10 to 128 characters, not only spaces,
 * no control characters, and not one of the most common passwords (that list lives on the server; the forms show
 * the server's message for it).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  blank: 'Password must not be only spaces',
  control: 'Password must not contain control characters',
  common: 'This password is too common. Please choose one that is harder to guess.',
} as const;

/** What is wrong with the password's shape (length, spaces, control characters), or null. */
export function passwordShapeProblem(password: string): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (hasControlCharacter(password)) return PASSWORD_MESSAGES.control;
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  return null;
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/**
 * The forms of a password looked up in the common list: lowercase; digits and symbols read as the letters they
 * stand for; and each without the digits and symbols added at the end ("Sunshine2024!" is "sunshine").
 */
export function commonPasswordCandidates(password: string): string[] {
  const lower = password.trim().toLowerCase();
  const deleet = lower.replace(/[013457@$]/g, (ch) => LEET[ch] ?? ch);
  const withoutTail = (text: string) => text.replace(/[^a-z]+$/, '');
  // Reading digits as letters also turns a trailing year into letters: strip the tail first, then read.
  const readTail = withoutTail(lower).replace(/[013457@$]/g, (ch) => LEET[ch] ?? ch);
  return [...new Set([lower, deleet, withoutTail(lower), withoutTail(deleet), readTail])].filter(Boolean);
}

/** The whole rule: the shape, then the common list (`isCommon` answers for one lowercase candidate). */
export function passwordProblem(password: string, isCommon: (candidate: string) => boolean): string | null {
  const shape = passwordShapeProblem(password);
  if (shape) return shape;
  return commonPasswordCandidates(password).some(isCommon) ? PASSWORD_MESSAGES.common : null;
}

/** A new password as the forms check it (the common list is checked by the server). */
export const newPasswordSchema = z.string({ error: PASSWORD_MESSAGES.required }).superRefine((value, ctx) => {
  const problem = passwordShapeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
