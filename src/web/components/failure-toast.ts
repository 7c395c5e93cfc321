import { getErrorMessage } from '../lib/api-client';
import { toast } from './ui/toast';

/**
 * Says in a red toast that something failed: `title`, then why in words for the person (`fallback` when the error
 * carries none: see getErrorMessage).
 */
export function toastFailure(title: string, error: unknown, fallback?: string): number {
  return toast({ title, description: getErrorMessage(error, fallback), variant: 'destructive' });
}
