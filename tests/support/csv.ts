import { parse } from 'csv-parse/sync';

/** Splits CSV text (RFC 4180: quoted cells, doubled quotes, CRLF) into rows of cells, with the parser the import uses. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: true });
}

/** The lines of a CSV file as the app sends it: without the byte-order mark (for Excel), split at its CRLF ends. */
export function csvLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}
