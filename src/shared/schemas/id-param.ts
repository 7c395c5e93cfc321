import { z } from 'zod';

const ID_MESSAGE = 'id must be a positive whole number';
/** The largest value of an integer column (int4): ids above it cannot be any record's. */
const INTEGER_COLUMN_MAX = 2_147_483_647;

/** A record id read from text (a path, a query string): a positive whole number that fits an integer column. */
export const idFromText = (error: string) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(INTEGER_COLUMN_MAX, { error });

/** A record id a query string may leave out (an empty value counts as left out). */
export const optionalIdQueryParam = (error: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), idFromText(error).optional());

/** A record id in a path (a payout, a creator, a delivery problem): a positive whole number that fits an integer column. */
export const idParamSchema = z.object({ id: idFromText(ID_MESSAGE) });
