import { type ClassValue, clsx } from 'clsx';

type ClassMerge = (classes: string) => string;

/**
 * The class groups the public pages' components override (a caller's `rounded-xl` over the skeleton's `rounded-md`,
 * a badge's `px-3 py-1 text-sm`, an icon's `size-4`, a link's `text-base text-white`): the last class of a group
 * wins, per variant prefix (`sm:px-7` does not replace `px-6`). Everything else is joined as it is.
 */
const GROUPS: [string, RegExp][] = [
  ['rounded', /^rounded(-(none|sm|md|lg|xl|2xl|3xl|full))?$/],
  ['text-size', /^text-(xs|sm|base|lg|[2-9]?xl)$/],
  ['text-color', /^text-(white|black|transparent|current|inherit|[a-z]+-\d{2,3}(\/\d+)?)$/],
  ['px', /^px-/],
  ['py', /^py-/],
  ['h', /^h-/],
  ['w', /^w-/],
  ['size', /^size-/],
];

function groupOf(className: string): string | undefined {
  const colon = className.lastIndexOf(':');
  const utility = className.slice(colon + 1);
  const group = GROUPS.find(([, pattern]) => pattern.test(utility))?.[0];
  return group === undefined ? undefined : `${className.slice(0, colon + 1)}${group}`;
}

/** Drops every class a later class of the same group overrides; keeps the order of the rest. */
export function mergeOverrides(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const className = list[i]!;
    const key = groupOf(className) ?? `=${className}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}

let merge: ClassMerge = mergeOverrides;

/**
 * Joins class names and resolves the overrides the public pages' components pass (`mergeOverrides`); once `lib/cn`
 * has loaded (the full app imports it before any page) it resolves every Tailwind conflict through tailwind-merge.
 * The components of / and /campaign/:id import `cn` from here, so their first load goes without tailwind-merge
 * (about 8 KB gzipped, decision 0012).
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

/** Makes every `cn` resolve conflicting classes with `resolve` (called by `lib/cn`). */
export function setClassMerge(resolve: ClassMerge): void {
  merge = resolve;
}
