import type { TransactionExportRow } from '../../db/queries/transactions-csv-stream';
import { TRANSACTION_KIND_LABELS } from '../../shared/payouts';

/** Export Report: the columns of the /admin/payments table, plus what a spreadsheet needs to reconcile. */
export const TRANSACTION_CSV_HEADER = [
  'Date (UTC)',
  'Influencer',
  'Username',
  'Campaign',
  'Amount (USD)',
  'Status',
  'Kind',
  'Transaction ID',
] as const;

/**
 * One cell, RFC 4180 style: quoted when it holds a comma, a quote, a line break or outer spaces (quotes doubled).
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}

const utc = (at: Date) =>
  at
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$|Z$/, '');

export function transactionCsvLine(row: TransactionExportRow): string {
  return csvLine([
    utc(row.createdAt),
    csvText(row.creatorName ?? 'Unknown'),
    csvText(row.creatorUsername ?? 'unknown'),
    csvText(row.label),
    // A plain number (a debit is negative), so the spreadsheet can sum it.
    Number(row.amount).toFixed(2),
    row.status,
    TRANSACTION_KIND_LABELS[row.kind],
    String(row.id),
  ]);
}
