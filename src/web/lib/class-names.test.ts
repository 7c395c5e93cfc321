import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeOverrides } from './class-names';

const sorted = (classes: string) => classes.split(' ').sort().join(' ');

// The class lists the components of / and /campaign/:id build on a first load (collected from the pages at 1280 and
// 375 px): without tailwind-merge they must come out as the same classes as with it.
const publicPageClasses = [
  'animate-pulse rounded-md bg-slate-200 aspect-[16/10] rounded-none sm:aspect-[4/3]',
  'animate-pulse rounded-md bg-slate-200 h-7 w-28 rounded-full',
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold [&_svg]:size-4 bg-mint-700 text-white hover:bg-mint-800 h-12 px-6 text-base h-12 self-end sm:px-7',
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium bg-mint-100 text-mint-900 gap-1 px-3 py-1 text-sm',
  'rounded text-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-mint-200 mt-1 inline-flex items-center gap-2 text-base text-white',
  'size-5 size-4 text-slate-500',
];

describe('cn of the public pages without tailwind-merge', () => {
  it.each(publicPageClasses)('resolves the overrides like tailwind-merge: %s', (classes) => {
    expect(sorted(mergeOverrides(classes))).toBe(sorted(twMerge(classes)));
  });

  it('lets the last class of a group win, per variant, and keeps every other class in order', () => {
    expect(mergeOverrides('px-6 py-2 text-sm sm:px-7 px-3')).toBe('py-2 text-sm sm:px-7 px-3');
    expect(mergeOverrides('rounded-md hover:text-white text-slate-300 rounded-xl')).toBe(
      'hover:text-white text-slate-300 rounded-xl',
    );
  });
});
