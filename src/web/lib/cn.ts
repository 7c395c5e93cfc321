import { type ClassValue, clsx } from 'clsx';
import { mergeClasses } from './class-merge';

/**
 * Joins class names (clsx: strings, arrays, `{ class: condition }`) and lets a later Tailwind class win over an
 * earlier one of the same kind, per variant (./class-merge.ts, as tailwind-merge does): a caller's `rounded-xl`
 * replaces a component's `rounded-md`, `sm:px-7` leaves `px-6` alone.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
