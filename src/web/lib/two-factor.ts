import {
  backupCodesSchema,
  type TwoFactorEnrolment,
  twoFactorEnrolmentSchema,
} from '../../shared/schemas/auth';
import { stepUpResultSchema } from '../../shared/schemas/session';
import { ApiError, apiFetch, getErrorMessage, isApiError } from './api-client';

/**
 * Second factors (issue 22): the calls to Better Auth's two-factor endpoints and our step-up, shared by the admin
 * pages, the sign-in forms and the creator's profile.
 */

function post(path: string, body: unknown): Promise<unknown> {
  return apiFetch(path, { method: 'POST', json: body });
}

/** A 6-digit authenticator code, or a backup code (xxxxx-xxxxx). */
export type CodeKind = 'totp' | 'backup';

export const TOTP_LENGTH = 6;

/** What a person typed, as the server wants it: digits only for an app code, trimmed for a backup code. */
export function cleanCode(kind: CodeKind, value: string): string {
  return kind === 'totp' ? value.replace(/\D/g, '').slice(0, TOTP_LENGTH) : value.trim().slice(0, 32);
}

function isCompleteCode(kind: CodeKind, value: string): boolean {
  return kind === 'totp' ? value.length === TOTP_LENGTH : /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(value);
}

/** What to tell a person whose code is not complete yet, or undefined when it can be sent (every code form). */
export function incompleteCodeMessage(kind: CodeKind, value: string): string | undefined {
  if (isCompleteCode(kind, value)) return undefined;
  return kind === 'totp' ? 'Please enter the 6-digit code.' : 'Please enter one of your backup codes.';
}

/** A backup code as it was shown (xxxxx-xxxxx), whether or not the dash was typed. */
function backupCodeAsShown(value: string): string {
  const bare = value.replace(/[\s-]/g, '');
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : value;
}

export type Enrolment = TwoFactorEnrolment;

/** Starts enrolment: with the account password, a new secret and backup codes (not active before a first code). */
export function enableTwoFactor(password: string): Promise<Enrolment> {
  return apiFetch('/api/auth/two-factor/enable', {
    method: 'POST',
    json: { password },
    schema: twoFactorEnrolmentSchema,
  });
}

/**
 * Checks a code with Better Auth: during a sign-in (the two_factor cookie) it starts the session; during enrolment
 * it switches two-factor on.
 */
export function verifyCode(kind: CodeKind, code: string): Promise<unknown> {
  return kind === 'totp'
    ? post('/api/auth/two-factor/verify-totp', { code })
    : post('/api/auth/two-factor/verify-backup-code', { code: backupCodeAsShown(code) });
}

/** Step-up: a code confirms the next 10 minutes of money actions and exports. */
export function stepUp(kind: CodeKind, code: string) {
  return apiFetch('/api/auth/step-up', {
    method: 'POST',
    json: { code: kind === 'backup' ? backupCodeAsShown(code) : code },
    schema: stepUpResultSchema,
  });
}

/** Ten new backup codes (the old ones stop working); needs the password and a recent second factor. */
export function newBackupCodes(password: string) {
  return apiFetch('/api/auth/two-factor/generate-backup-codes', {
    method: 'POST',
    json: { password },
    schema: backupCodesSchema,
  });
}

/** Turns two-factor off; needs the password and a recent second factor. */
export function disableTwoFactor(password: string): Promise<unknown> {
  return post('/api/auth/two-factor/disable', { password });
}

/** The secret of an otpauth:// URI, in groups of four for typing into an app by hand. */
export function manualEntryKey(totpURI: string): string {
  let secret = '';
  try {
    secret = new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    secret = '';
  }
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The words for a failed code check. `restart` is true when only a new sign-in helps (the challenge is over). */
export function codeFailure(error: unknown): { message: string; restart: boolean } {
  if (isApiError(error, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'INVALID_TWO_FACTOR_COOKIE')) {
    return {
      message: 'This sign-in has expired or had too many tries. Please sign in again.',
      restart: true,
    };
  }
  if (isApiError(error, 'INVALID_CODE', 'INVALID_BACKUP_CODE', 'BAD_REQUEST', 'VALIDATION_FAILED')) {
    return {
      message:
        error instanceof ApiError && error.code === 'INVALID_BACKUP_CODE'
          ? 'That backup code is not valid, or it was used already.'
          : error instanceof ApiError && error.code === 'BAD_REQUEST' && error.fromServer
            ? error.message
            : 'That code is not correct. Check your authenticator app and try again.',
      restart: false,
    };
  }
  return {
    message: getErrorMessage(error, 'The code could not be checked. Please try again.'),
    restart: false,
  };
}

/** The text file of backup codes offered for download. */
export function backupCodesFile(codes: string[], account: string): string {
  return [
    'Mintbox backup codes',
    `Account: ${account}`,
    '',
    'Each code signs you in once when your authenticator app is not at hand.',
    '',
    ...codes,
    '',
  ].join('\n');
}
