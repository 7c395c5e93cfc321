import { useState } from 'react';
import { cn } from '../lib/cn';

/** Background colours with white text at 4.5:1 contrast or more. */
const COLOURS = [
  'bg-teal-700',
  'bg-emerald-700',
  'bg-sky-700',
  'bg-indigo-600',
  'bg-violet-700',
  'bg-fuchsia-700',
  'bg-rose-700',
  'bg-amber-700',
];

/** Up to two initials: "Ana María López" → "AL", "kim" → "K". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words.at(-1)!)[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The same name always gets the same colour. */
export function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

/**
 * A round avatar: the person's image when they have one, otherwise their initials on a colour drawn from the name.
 * Made here, never by an outside avatar service. Decorative by default (the name is shown beside it); pass `label`
 * when it stands alone.
 */
export function Avatar({
  name,
  src,
  size = 32,
  label,
  className,
}: {
  name: string;
  src?: string | null | undefined;
  size?: number;
  label?: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) };
  if (src && !broken) {
    return (
      <span
        {...a11y}
        className={cn('inline-block shrink-0 overflow-hidden rounded-full bg-slate-200', className)}
        style={style}
      >
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      </span>
    );
  }
  return (
    <span
      {...a11y}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
        colourFor(name),
        className,
      )}
      style={style}
      data-testid="avatar-initials"
    >
      {initialsOf(name)}
    </span>
  );
}
