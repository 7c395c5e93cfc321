import type { z } from 'zod';

/**
 * Limits read from the shared zod schemas, so a form's maxLength or "at most N links" is the rule the server checks
 * and never a copy of it. Wrappers (optional, default, nullable, pipes) are looked through.
 */

interface Def {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  checks?: Array<{ _zod: { def: { check?: string; maximum?: number; minimum?: number } } }>;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = defOf(current);
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

function lengthCheck(schema: z.ZodType, check: 'max_length' | 'min_length'): number | undefined {
  for (const item of defOf(unwrap(schema)).checks ?? []) {
    const def = item._zod.def;
    if (def.check === check) return check === 'max_length' ? def.maximum : def.minimum;
  }
  return undefined;
}

/** The longest a string (its characters) or an array (its items) may be under `schema`. */
export function maxLengthOf(schema: z.ZodType): number {
  const max = lengthCheck(schema, 'max_length');
  if (max === undefined) throw new Error('The schema sets no maximum length');
  return max;
}

/** The element schema of an array schema (looking through wrappers). */
export function elementOf(schema: z.ZodType): z.ZodType {
  const element = (defOf(unwrap(schema)) as { element?: z.ZodType }).element;
  if (!element) throw new Error('The schema is not an array');
  return element;
}
