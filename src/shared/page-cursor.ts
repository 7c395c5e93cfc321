import { z } from 'zod';

/**
 * Keyset paging (issue 28): a list ordered newest first (`created_at desc, id desc`) pages from a row's key instead
 * of an OFFSET, so page 1,000 costs what page 1 costs. The cursor is opaque to clients: the rows after the last one
 * shown (`after`, the next page) or before the first one shown (`before`, the previous page).
 */
export interface PageCursor {
  dir: 'after' | 'before';
  /** The row's created_at, ISO 8601 (milliseconds: the columns keep three digits). */
  at: string;
  id: number;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** A cursor's text as this server wrote it, or null when it is not base64url. */
function plainOf(text: string): string | null {
  try {
    return fromBase64Url(text);
  } catch {
    return null;
  }
}

const INVALID_CURSOR = 'cursor is not valid: load the first page again';

/** A list's `cursor` query parameter: absent (or empty) for the first page, else a cursor `decode` reads back. */
const cursorQueryParam = (decode: (text: string) => unknown, description: string, max = 200) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(max, { error: INVALID_CURSOR })
      .refine((v) => decode(v) !== null, { error: INVALID_CURSOR })
      .optional()
      .describe(description),
  );

export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(`${cursor.dir === 'after' ? 'a' : 'b'}|${cursor.at}|${cursor.id}`);
}

/** The cursor a client sent back, or null when it is not one this server made. */
export function decodeCursor(text: string): PageCursor | null {
  const plain = plainOf(text);
  if (plain === null) return null;
  const match = /^([ab])\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)\|(\d{1,15})$/.exec(plain);
  if (!match || Number.isNaN(Date.parse(match[2]!))) return null;
  return { dir: match[1] === 'a' ? 'after' : 'before', at: match[2]!, id: Number(match[3]) };
}

/** The `cursor` query parameter of a paged list: absent for the first page, else a `nextCursor`/`prevCursor`. */
export const cursorParam = cursorQueryParam(
  decodeCursor,
  'Opaque: a nextCursor or prevCursor of an earlier answer with the same filters; absent for page 1',
);

/** The two cursors every paged list answers with. */
export const pageCursorsSchema = {
  nextCursor: z.string().nullable().describe('The cursor of the next (older) page; null on the last page'),
  prevCursor: z
    .string()
    .nullable()
    .describe('The cursor of the previous (newer) page; null on the first page'),
};

/**
 * A page of a list whose total is counted up to 1,000 (a search can match too many rows to count): the items, the
 * total, whether the count stopped at 1,000 (`cappedWhen` says when, in the sentence of the document) and the cursors.
 */
export const cappedPageSchema = <Item extends z.ZodType>(item: Item, cappedWhen: string) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean().describe(`True when ${cappedWhen}: show the total as "1,000+"`),
    ...pageCursorsSchema,
  });

/**
 * A query parameter that filters a list by one of `values` (`?platform=tiktok`); empty is no filter. The refusal
 * names the values: "platform must be one of: instagram, tiktok, …".
 */
export const filterQueryParam = <const Value extends string>(
  name: string,
  values: readonly [Value, ...Value[]],
  description?: string,
) => {
  const filter = z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).optional();
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    description ? filter.describe(description) : filter,
  );
};

/** The `q` query parameter of a list's search: at most 100 characters, trimmed; empty or blank is no search. */
export const searchQueryParam = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().max(100, { error: 'q must be at most 100 characters' }).optional(),
  );

/** The `limit` query parameter of a paged list: rows per page, 1 to `max`, `size` when absent. */
export const pageLimitParam = (size: number, max = 100) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(max, { error: `limit must be at most ${max}` })
      .default(size),
  );

/**
 * The cursor of a list ordered by an amount (most first), then by id (highest first): the admins' tax year
 * (issue 28). Opaque to clients like `PageCursor`; it only goes forward ("Show more").
 */
export interface AmountCursor {
  /** A decimal amount with at most two decimals, as the server wrote it ("650.00"). */
  amount: string;
  id: number;
}

export function encodeAmountCursor(cursor: AmountCursor): string {
  return toBase64Url(`m|${cursor.amount}|${cursor.id}`);
}

/** The amount cursor a client sent back, or null when it is not one this server made. */
export function decodeAmountCursor(text: string): AmountCursor | null {
  const plain = plainOf(text);
  if (plain === null) return null;
  const match = /^m\|(\d{1,12}(?:\.\d{1,2})?)\|(\d{1,15})$/.exec(plain);
  return match ? { amount: match[1]!, id: Number(match[2]) } : null;
}

/** The `cursor` query parameter of a list paged by `AmountCursor`: absent for the first page, else a `nextCursor`. */
export const amountCursorParam = cursorQueryParam(
  decodeAmountCursor,
  'Opaque: the nextCursor of an earlier answer for the same year; absent for the first page',
);

/**
 * The cursor of the admins' delivery problems (issue 28): open ones oldest first, then resolved ones newest first
 * (the "all" list is the two parts one after the other). `part` says which part the row belongs to and `at` is its
 * opened_at (open) or resolved_at (resolved). Opaque to clients; it only goes forward ("Show more problems").
 */
export interface ProblemCursor {
  part: 'open' | 'resolved';
  /** ISO 8601 with milliseconds, as the column keeps it. */
  at: string;
  id: number;
}

export function encodeProblemCursor(cursor: ProblemCursor): string {
  return toBase64Url(`p|${cursor.part === 'open' ? 'o' : 'r'}|${cursor.at}|${cursor.id}`);
}

/** The problems cursor a client sent back, or null when it is not one this server made. */
export function decodeProblemCursor(text: string): ProblemCursor | null {
  const plain = plainOf(text);
  if (plain === null) return null;
  const match = /^p\|([or])\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)\|(\d{1,15})$/.exec(plain);
  if (!match || Number.isNaN(Date.parse(match[2]!))) return null;
  return { part: match[1] === 'o' ? 'open' : 'resolved', at: match[2]!, id: Number(match[3]) };
}

/** The `cursor` query parameter of the problems list: absent for the first page, else a `nextCursor`. */
export const problemCursorParam = cursorQueryParam(
  decodeProblemCursor,
  'Opaque: the nextCursor of an earlier answer for the same status; absent for the first page',
);

/**
 * The cursors of a campaign's analytics pages (issue 28): the last post shown in the posts' order (views desc nulls
 * last, interactions desc, submission id desc, post URL) or the last creator shown in theirs (interactions desc,
 * views desc nulls last, creator id). Opaque to clients; they only go forward ("Show more posts / creators").
 */
export interface PostCursor {
  views: number | null;
  interactions: number;
  submissionId: number;
  postUrl: string;
}
export interface CreatorCursor {
  interactions: number;
  views: number | null;
  creatorId: number;
}

const figure = z.number().finite().nonnegative();
const postCursorShape = z.tuple([
  figure.nullable(),
  figure,
  z.number().int().positive(),
  z.string().max(2048),
]);
const creatorCursorShape = z.tuple([figure, figure.nullable(), z.number().int().positive()]);

const encodeJson = (prefix: string, value: unknown) =>
  toBase64Url(`${prefix}|${String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)))}`);
function decodeJson(prefix: string, text: string): unknown {
  try {
    const plain = fromBase64Url(text);
    if (!plain.startsWith(`${prefix}|`)) return undefined;
    const bytes = Uint8Array.from(plain.slice(prefix.length + 1), (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

export const encodePostCursor = (c: PostCursor) =>
  encodeJson('pp', [c.views, c.interactions, c.submissionId, c.postUrl]);
/** The posts cursor a client sent back, or null when it is not one this server made. */
export function decodePostCursor(text: string): PostCursor | null {
  const parsed = postCursorShape.safeParse(decodeJson('pp', text));
  if (!parsed.success) return null;
  const [views, interactions, submissionId, postUrl] = parsed.data;
  return { views, interactions, submissionId, postUrl };
}

export const encodeCreatorCursor = (c: CreatorCursor) =>
  encodeJson('pc', [c.interactions, c.views, c.creatorId]);
/** The creators cursor a client sent back, or null when it is not one this server made. */
export function decodeCreatorCursor(text: string): CreatorCursor | null {
  const parsed = creatorCursorShape.safeParse(decodeJson('pc', text));
  if (!parsed.success) return null;
  const [interactions, views, creatorId] = parsed.data;
  return { interactions, views, creatorId };
}

const ANALYTICS_CURSOR =
  'Opaque: the nextCursor of an earlier answer for the same campaign and platform; absent for page 1';
export const postCursorParam = cursorQueryParam(decodePostCursor, ANALYTICS_CURSOR, 4000);
export const creatorCursorParam = cursorQueryParam(decodeCreatorCursor, ANALYTICS_CURSOR, 4000);
