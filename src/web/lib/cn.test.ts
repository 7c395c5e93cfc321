import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extendTailwindMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';
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

/*
 * ./class-merge.ts against tailwind-merge (a dev dependency, with the theme this app adds), for every pair of the
 * classes the web sources write: one class of each shape (colours and numbers stand for all of theirs).
 */
describe('cn and tailwind-merge', () => {
  const twMerge = extendTailwindMerge({ extend: { theme: { animate: ['marquee', 'marquee-reverse'] } } });
  const webDir = path.resolve(import.meta.dirname, '..');
  const tokens = new Set<string>();
  for (const file of readdirSync(webDir, { recursive: true }).map(String)) {
    if (!/\.tsx?$/.test(file) || /\.test\./.test(file) || /lib[\\/](cn|class-merge)\.ts$/.test(file))
      continue;
    const source = readFileSync(path.join(webDir, file), 'utf8');
    for (const match of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const token of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/)) {
        // A Tailwind class is one tailwind-merge knows: it drops the second of two.
        if (token.length > 1 && twMerge(`${token} ${token}`) === token) tokens.add(token);
      }
    }
  }
  const shapes = new Map<string, string>();
  for (const token of tokens) {
    const shape = token
      .replace(/-[a-z]+-\d+(\/\d+)?/g, '-C')
      .replace(/\d+(\.\d+)?/g, 'N')
      .replace(/^([a-z-]+:)+/, 'V:');
    if (!shapes.has(shape)) shapes.set(shape, token);
  }
  const classes = [...shapes.values()];

  it('reads variants in any order, keeps arbitrary variants in place, and keeps ! apart', () => {
    for (const list of [
      'sm:hover:p-2 hover:sm:p-4',
      '[&>svg]:hover:size-4 hover:[&>svg]:size-5',
      '!p-2 p-4',
      'p-2! p-4',
      'data-[state=open]:bg-white data-[state=open]:bg-mint-50',
      '[mask-image:a] [mask-image:b]',
    ]) {
      expect(mergeClasses(list), list).toBe(twMerge(list));
    }
  });

  it('finds the classes of the web sources', () => {
    expect(tokens.size).toBeGreaterThan(500);
    expect(classes.length).toBeGreaterThan(200);
    console.info(`${tokens.size} classes, ${classes.length} shapes`);
  });

  it('keeps and drops what tailwind-merge does for every pair of them', () => {
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const pair = `${a} ${b}`;
        if (mergeClasses(pair) !== twMerge(pair)) differ.push(`"${pair}": "${twMerge(pair)}"`);
      }
    }
    // A class of a new kind: add its group (and what it replaces) to RULES in ./class-merge.ts.
    expect(differ.slice(0, 20)).toEqual([]);
  });
});
