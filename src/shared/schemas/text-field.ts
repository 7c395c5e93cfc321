import { z } from 'zod';

/**
 * A text a person fills in (a name, a reason, a note, a code): trimmed, then at least `min` characters (1 unless
 * said) and at most `max`. `missing` is the error when it is not text or is empty (`notText` and `short` when
 * those say something else), `tooLong` the error past `max` (zod's own sentence when not given).
 */
export function filledText({
  missing,
  max,
  tooLong,
  min = 1,
  short = missing,
  notText = missing,
}: {
  missing: string;
  max: number;
  tooLong?: string;
  min?: number;
  short?: string;
  notText?: string;
}) {
  return z
    .string({ error: notText })
    .trim()
    .min(min, { error: short })
    .max(max, tooLong === undefined ? undefined : { error: tooLong });
}
