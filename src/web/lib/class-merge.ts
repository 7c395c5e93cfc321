/*
 * A later Tailwind class wins over an earlier one of the same kind, per variant (what tailwind-merge does), for the
 * classes this app writes (issue 44: tailwind-merge cost the first load of / 8.8 KB gzipped, a tenth of its
 * budget). cn.test.ts holds it to tailwind-merge's answer for every pair of classes found in src/web: a class of a
 * new kind fails there until its group is added below.
 */

/** A kind of class: its name and what a class of it replaces besides its own kind. */
type Rule = readonly [group: string, pattern: RegExp, conflicts?: readonly string[]];

const SIDES = ['t', 'r', 'b', 'l'] as const;
const sided = (group: string, sides: readonly string[]) => sides.map((side) => `${group}${side}`);

const COLOR = '(?!\\d|\\[length|\\[\\d)[a-z[#].*';
/** Kinds named by their prefix alone (`top-4`, `max-w-sm`, `duration-300`): the group is the prefix. */
const PREFIXED =
  'top right bottom left z overflow-x overflow-y basis order grid-cols grid-rows gap-x gap-y justify-items justify-self items self place-items place-content w min-w max-w h min-h max-h leading tracking underline-offset whitespace wrap align opacity duration ease delay animate translate-x translate-y rotate origin cursor pointer-events select appearance accent fill stroke aspect object touch will-change';

const RULES: readonly Rule[] = [
  [
    'display',
    /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|table|hidden|flow-root|list-item)$/,
  ],
  ['position', /^(static|fixed|absolute|relative|sticky)$/],
  ['visibility', /^(visible|invisible|collapse)$/],
  ['sr', /^(not-)?sr-only$/],
  ['isolation', /^isolat(e|ion-auto)$/],
  ['inset', /^inset-(?![xy]-)/, ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left']],
  ['inset-x', /^inset-x-/, ['right', 'left']],
  ['inset-y', /^inset-y-/, ['top', 'bottom']],
  ['overflow', /^overflow-(auto|hidden|clip|visible|scroll)$/, ['overflow-x', 'overflow-y']],
  ['flex-direction', /^flex-(row|row-reverse|col|col-reverse)$/],
  ['flex-wrap', /^flex-(wrap|wrap-reverse|nowrap)$/],
  ['flex', /^flex-(\d+|auto|initial|none|\[.+\])$/, ['basis', 'grow', 'shrink']],
  ['grow', /^grow(-\d+)?$/],
  ['shrink', /^shrink(-\d+)?$/],
  ['col-span', /^col-(span-.+|auto)$/],
  ['row-span', /^row-(span-.+|auto)$/],
  ['gap', /^gap-(?![xy]-)/, ['gap-x', 'gap-y']],
  ['justify-content', /^justify-(start|end|center|between|around|evenly|stretch|baseline|normal)$/],
  ['align-content', /^content-(start|end|center|between|around|evenly|stretch|baseline|normal)$/],
  ['p', /^p-/, ['px', 'py', 'ps', 'pe', 'pbs', 'pbe', 'pt', 'pr', 'pb', 'pl']],
  ['px', /^px-/, ['pr', 'pl']],
  ['py', /^py-/, ['pt', 'pb']],
  ...(['ps', 'pe', ...sided('p', SIDES)].map((g) => [g, new RegExp(`^${g}-`)]) as Rule[]),
  ['m', /^m-/, ['mx', 'my', 'ms', 'me', 'mbs', 'mbe', 'mt', 'mr', 'mb', 'ml']],
  ['mx', /^mx-/, ['mr', 'ml']],
  ['my', /^my-/, ['mt', 'mb']],
  ...(['ms', 'me', ...sided('m', SIDES)].map((g) => [g, new RegExp(`^${g}-`)]) as Rule[]),
  ['space-x', /^space-x-(?!reverse)/],
  ['space-y', /^space-y-(?!reverse)/],
  ['size', /^size-/, ['w', 'h']],
  ['font-size', /^text-(xs|sm|base|lg|\d?xl|\[length:.+\]|\[\d.*\])(\/.+)?$/, ['leading']],
  ['text-alignment', /^text-(left|center|right|justify|start|end)$/],
  ['text-wrap', /^text-(wrap|nowrap|balance|pretty)$/],
  ['text-overflow', /^(truncate|text-ellipsis|text-clip)$/],
  ['text-color', new RegExp(`^text-${COLOR}$`)],
  ['font-weight', /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ['font-family', /^font-(sans|serif|mono)$/],
  ['font-style', /^(italic|not-italic)$/],
  ['text-transform', /^(uppercase|lowercase|capitalize|normal-case)$/],
  ['text-decoration', /^(underline|overline|line-through|no-underline)$/],
  ['decoration-color', /^decoration-(?!\d|solid|double|dotted|dashed|wavy|auto|from-font)/],
  ['break', /^break-(normal|words|all|keep)$/],
  ['line-clamp', /^line-clamp-/, ['display', 'overflow']],
  ['list-style-type', /^list-(none|disc|decimal|\[.+\])$/],
  ['list-style-position', /^list-(inside|outside)$/],
  ['fvn-spacing', /^(tabular|proportional)-nums$/],
  // bg-gradient-to-* is Tailwind 3's name: tailwind-merge 3 takes it for a colour, and so does this.
  [
    'bg-image',
    /^bg-(none|linear-.+|radial(-.+)?|conic(-.+)?|\[(url|image|linear-gradient|radial-gradient|conic-gradient).*\])$/,
  ],
  ['bg-size', /^bg-(auto|cover|contain)$/],
  ['bg-position', /^bg-(center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom)$/],
  ['bg-repeat', /^bg-(no-)?repeat(-.+)?$/],
  ['bg-color', new RegExp(`^bg-${COLOR}$`)],
  // A stop's position (`to-70%`), a kind of its own beside the stop's colour, as in tailwind-merge.
  ['gradient-from-pos', /^from-(\d+(\.\d+)?%|\[(length:)?[\d.]+[a-z%]+\])$/],
  ['gradient-via-pos', /^via-(\d+(\.\d+)?%|\[(length:)?[\d.]+[a-z%]+\])$/],
  ['gradient-to-pos', /^to-(\d+(\.\d+)?%|\[(length:)?[\d.]+[a-z%]+\])$/],
  ['gradient-from', new RegExp(`^from-${COLOR}$`)],
  ['gradient-via', new RegExp(`^via-${COLOR}$`)],
  ['gradient-to', new RegExp(`^to-${COLOR}$`)],
  [
    'rounded',
    /^rounded(-(none|xs|sm|md|lg|xl|\dxl|full|\[.+\]))?$/,
    [
      'rounded-s',
      'rounded-e',
      'rounded-t',
      'rounded-r',
      'rounded-b',
      'rounded-l',
      'rounded-ss',
      'rounded-se',
      'rounded-ee',
      'rounded-es',
      'rounded-tl',
      'rounded-tr',
      'rounded-br',
      'rounded-bl',
    ],
  ],
  ['rounded-t', /^rounded-t(-.+)?$/, ['rounded-tl', 'rounded-tr']],
  ['rounded-r', /^rounded-r(-.+)?$/, ['rounded-tr', 'rounded-br']],
  ['rounded-b', /^rounded-b(-.+)?$/, ['rounded-br', 'rounded-bl']],
  ['rounded-l', /^rounded-l(-.+)?$/, ['rounded-tl', 'rounded-bl']],
  ['rounded-tl', /^rounded-tl(-.+)?$/],
  ['rounded-tr', /^rounded-tr(-.+)?$/],
  ['rounded-br', /^rounded-br(-.+)?$/],
  ['rounded-bl', /^rounded-bl(-.+)?$/],
  ['border-style', /^border-(solid|dashed|dotted|double|hidden|none)$/],
  [
    'border-w',
    /^border(-\d+|-\[\d.*\]|-\[length:.+\])?$/,
    [
      'border-w-x',
      'border-w-y',
      'border-w-s',
      'border-w-e',
      'border-w-t',
      'border-w-r',
      'border-w-b',
      'border-w-l',
    ],
  ],
  ['border-w-x', /^border-x(-\d+|-\[\d.*\])?$/, ['border-w-r', 'border-w-l']],
  ['border-w-y', /^border-y(-\d+|-\[\d.*\])?$/, ['border-w-t', 'border-w-b']],
  ...(SIDES.map((side) => [
    `border-w-${side}`,
    new RegExp(`^border-${side}(-\\d+|-\\[\\d.*\\])?$`),
  ]) as Rule[]),
  ...(SIDES.map((side) => [`border-color-${side}`, new RegExp(`^border-${side}-${COLOR}$`)]) as Rule[]),
  [
    'border-color',
    new RegExp(`^border-${COLOR}$`),
    [
      'border-color-x',
      'border-color-y',
      'border-color-s',
      'border-color-e',
      'border-color-t',
      'border-color-r',
      'border-color-b',
      'border-color-l',
    ],
  ],
  ['divide-x', /^divide-x(-\d+)?$/],
  ['divide-y', /^divide-y(-\d+)?$/],
  ['divide-style', /^divide-(solid|dashed|dotted|double|hidden|none)$/],
  ['divide-color', new RegExp(`^divide-${COLOR}$`)],
  ['outline-style', /^outline-(none|hidden|dashed|dotted|double|solid)$/],
  ['outline-w', /^outline(-\d+|-\[\d.*\])?$/],
  ['outline-offset', /^-?outline-offset-/],
  ['outline-color', new RegExp(`^outline-${COLOR}$`)],
  ['ring-w', /^ring(-\d+|-\[\d.*\])?$/],
  ['ring-w-inset', /^ring-inset$/],
  ['ring-offset-w', /^ring-offset-(\d+|\[\d.*\])$/],
  ['ring-offset-color', new RegExp(`^ring-offset-${COLOR}$`)],
  ['ring-color', new RegExp(`^ring-${COLOR}$`)],
  ['shadow', /^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/],
  ['shadow-color', new RegExp(`^shadow-${COLOR}$`)],
  ['blur', /^blur(-.+)?$/],
  ['backdrop-blur', /^backdrop-blur(-.+)?$/],
  ['grayscale', /^grayscale(-.+)?$/],
  ['filter', /^filter(-none)?$/],
  ['table-layout', /^table-(auto|fixed)$/],
  ['transition', /^transition(-(none|all|colors|opacity|shadow|transform|\[.+\]))?$/],
  ['scale', /^scale-(?![xy]-)/, ['scale-x', 'scale-y']],
  ['resize', /^resize(-.+)?$/],
  ['stroke-w', /^stroke-(\d+|\[\d.*\])$/],
  ['object-fit', /^object-(contain|cover|fill|none|scale-down)$/],
  ['scroll-m', /^scroll-m[trblxy]?-/],
  ['scroll-p', /^scroll-p[trblxy]?-/],
  ['snap-type', /^snap-(x|y|both|none)$/],
  ['snap-strictness', /^snap-(mandatory|proximity)$/],
  ['snap-align', /^snap-(start|end|center|align-none)$/],
  ['box-sizing', /^box-(border|content)$/],
  ['content', /^content-(none|\[.+\])$/],
  ...PREFIXED.split(' ').map((prefix): Rule => [prefix, new RegExp(`^${prefix}-`)]),
];

/** The parts of a class: its variants (sorted where order does not matter), `!`, and the class itself. */
function parse(className: string): { variants: string; important: boolean; base: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let base = className.slice(start);
  const important = base.startsWith('!') || base.endsWith('!');
  if (important) base = base.startsWith('!') ? base.slice(1) : base.slice(0, -1);
  // Arbitrary variants ([&>svg]:) keep their place; the others are sorted between them.
  const variants: string[] = [];
  let run: string[] = [];
  for (const part of parts) {
    if (part.startsWith('[')) {
      variants.push(...run.sort(), part);
      run = [];
    } else run.push(part);
  }
  variants.push(...run.sort());
  return { variants: variants.join(':'), important, base };
}

/** The kind of a class and what it replaces, or null for a class this merge does not know (always kept). */
function groupOf(base: string): { group: string; conflicts: readonly string[] } | null {
  const arbitrary = /^\[([a-z-]+):.+\]$/.exec(base);
  if (arbitrary) return { group: `[${arbitrary[1]}]`, conflicts: [] };
  const unsigned = base.startsWith('-') ? base.slice(1) : base;
  for (const [group, pattern, conflicts = []] of RULES) {
    if (pattern.test(unsigned)) return { group, conflicts };
  }
  return null;
}

/** The class list with every class that a later one of the same kind and variants replaces taken out. */
/** What a class replaces, as keys (variants, `!`, kind), read once per class name; null for a class of no known kind. */
const known = new Map<string, readonly string[] | null>();
function keysOf(className: string): readonly string[] | null {
  let keys = known.get(className);
  if (keys !== undefined) return keys;
  const { variants, important, base } = parse(className);
  const kind = groupOf(base);
  const prefix = `${variants}${important ? '!' : ''}:`;
  keys = kind ? [kind.group, ...kind.conflicts].map((group) => prefix + group) : null;
  if (known.size > 5_000) known.clear();
  known.set(className, keys);
  return keys;
}

export function mergeClasses(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const seen = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i];
    if (!className) continue;
    const keys = keysOf(className);
    if (keys) {
      // keys[0] is the class's own kind; the rest are the kinds it replaces.
      if (seen.has(keys[0]!)) continue;
      for (const key of keys) seen.add(key);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
