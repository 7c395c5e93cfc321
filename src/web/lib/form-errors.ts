import type { FieldError, FieldErrors } from 'react-hook-form';

/** The first message in a react-hook-form error tree (a field, a list's own error, or one of its items). */
export function firstErrorMessage(errors: FieldErrors | FieldError | undefined): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  const root = (errors as { root?: { message?: unknown } }).root?.message;
  if (typeof root === 'string' && root) return root;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'type' || key === 'message' || key === 'types') continue;
    const found = firstErrorMessage(value as FieldErrors);
    if (found) return found;
  }
  return undefined;
}
