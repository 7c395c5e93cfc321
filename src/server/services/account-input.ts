import { z } from 'zod';
import { passwordProblem } from '../../shared/rules/password';
import { hasControlCharacter } from '../../shared/rules/text';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  accountImageSchema,
  accountNameSchema,
  emailSignUpSchema,
} from '../../shared/schemas/auth';
import { isCommonCandidate } from './common-passwords';

/**
 * What Better Auth's endpoints may store, checked before they run (its own schemas take any string): the sign-up
 * form's schema plus the common-password list, capped names and http(s) images. Each answers the first problem
 * as the message the form shows, or null.
 */

const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? 'The request is not valid';

const signUpSchema = emailSignUpSchema.extend({ image: accountImageSchema.nullish() });
const userUpdateSchema = z.object({
  name: accountNameSchema.optional(),
  image: accountImageSchema.nullish(),
});

export function newPasswordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'Password is required';
  return passwordProblem(password, isCommonCandidate);
}

export function signUpProblem(body: unknown): string | null {
  const parsed = signUpSchema.safeParse(body);
  if (!parsed.success) return firstMessage(parsed.error);
  return newPasswordProblem(parsed.data.password);
}

export function userUpdateProblem(body: unknown): string | null {
  const parsed = userUpdateSchema.safeParse(body);
  return parsed.success ? null : firstMessage(parsed.error);
}

/**
 * A user record as it may be stored, whatever path made it (a provider's profile included): name without control
 * characters and at most 100 characters, image only when it is a short http(s) address.
 */
export function capUserFields<T extends { name?: unknown; image?: unknown }>(user: T): T {
  const capped = { ...user };
  if (typeof capped.name === 'string') {
    const name = [...capped.name]
      .filter((ch) => !hasControlCharacter(ch))
      .join('')
      .trim()
      .slice(0, ACCOUNT_NAME_MAX_LENGTH);
    capped.name = name || 'User';
  }
  if (typeof capped.image === 'string' && !accountImageSchema.safeParse(capped.image).success)
    capped.image = null;
  return capped;
}
