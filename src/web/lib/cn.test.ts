import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins conditional classes and lets the later class of a kind win, per variant', () => {
    expect(
      cn('px-6 py-2', false && 'hidden', { 'font-semibold': true, italic: false }, ['sm:px-7', 'px-3']),
    ).toBe('py-2 font-semibold sm:px-7 px-3');
    expect(cn('rounded-md hover:text-white text-slate-300', 'rounded-xl')).toBe(
      'hover:text-white text-slate-300 rounded-xl',
    );
  });

  it("sorts the project's own theme classes like Tailwind's (mint colours, marquee animations)", () => {
    expect(cn('bg-mint-700 text-white hover:bg-mint-800', 'bg-slate-100 hover:bg-slate-200')).toBe(
      'text-white bg-slate-100 hover:bg-slate-200',
    );
    // A colour does not replace a size, and the reverse: text-mint-900 and text-sm are different kinds.
    expect(cn('text-mint-900 text-xs', 'text-sm')).toBe('text-mint-900 text-sm');
    expect(cn('text-sm text-mint-900', 'text-white')).toBe('text-sm text-white');
    expect(cn('outline-mint-600', 'outline-red-600')).toBe('outline-red-600');
    expect(cn('animate-marquee', 'animate-marquee-reverse')).toBe('animate-marquee-reverse');
  });

  it('resolves the overrides the public pages pass (skeleton, badge, button, link, icon)', () => {
    expect(cn('animate-pulse rounded-md bg-slate-200', 'h-7 w-28 rounded-full')).toBe(
      'animate-pulse bg-slate-200 h-7 w-28 rounded-full',
    );
    expect(
      cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium bg-mint-100',
        'gap-1 px-3 py-1 text-sm',
      ),
    ).toBe('inline-flex items-center rounded-full font-medium bg-mint-100 gap-1 px-3 py-1 text-sm');
    expect(cn('size-5', 'size-4 text-slate-500')).toBe('size-4 text-slate-500');
  });
});
