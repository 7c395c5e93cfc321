import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge knows Tailwind's own scales; the project's theme (src/web/styles.css) adds the `marquee` animations,
 * so `animate-marquee-reverse` replaces `animate-marquee`. Colours (`mint-*`) need nothing: any colour name is sorted
 * as a colour (cn.test.ts).
 */
const twMerge = extendTailwindMerge({
  extend: { theme: { animate: ['marquee', 'marquee-reverse'] } },
});

/**
 * Joins class names (clsx: strings, arrays, `{ class: condition }`) and lets a later Tailwind class win over an
 * earlier one of the same kind, per variant (tailwind-merge): a caller's `rounded-xl` replaces a component's
 * `rounded-md`, `sm:px-7` leaves `px-6` alone.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
