import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../http/errors';

/** One row of a shipments CSV, or why the line was refused. */
export type ShipmentCsvLine =
  | {
      line: number;
      applicationId: number;
      carrier: string;
      trackingNumber: string;
      /** The `sku` column as the file has it (issue 37), when its header names one. */
      sku?: string;
    }
  | { line: number; error: string };

const LINE_BREAK = /\r\n|\r|\n/g;
const lineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/**
 * Reads a shipments CSV (RFC 4180 through csv-parse: quoted cells may hold commas, doubled quotes and line breaks, so
 * the file the shipping export writes, address fields and all, comes back as it went out). The first three columns
 * are application_id, carrier, tracking_number; a header row is optional, and when it names a `sku` column (the export
 * writes one, issue 37) that cell is kept to check against the creator's choice; any other column is ignored. Blank rows and the
 * header are skipped; every other row is a shipment or an error with the line it starts on. A file that is not CSV
 * (a quote never closed) is refused as a whole (400), before anything is saved.
 */
export function parseShipmentsCsv(csv: string): ShipmentCsvLine[] {
  let records: Array<{ record: string[]; raw: string }>;
  try {
    records = parse(csv, {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      raw: true,
      // With `raw`, each record comes as { record, raw } (csv-parse's declarations do not model the option).
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new AppError(
      'VALIDATION_FAILED',
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'The CSV could not be read: a quoted cell is never closed'
        : `The CSV could not be read: ${error.message}`,
    );
  }
  const parsed: ShipmentCsvLine[] = [];
  // `raw` is the record's text with the blank lines skipped before it and its own line break: the lines it spans.
  let linesBefore = 0;
  let skuColumn = -1;
  for (const [index, { record, raw }] of records.entries()) {
    const skipped = raw.match(/^(?:[ \t]*(?:\r\n|\r|\n))*/)?.[0] ?? '';
    const line = linesBefore + lineBreaks(skipped) + 1;
    linesBefore += lineBreaks(raw);
    if (record.every((cell) => cell === '')) continue; // a blank row (spaces or bare commas)
    const [idText = '', carrier = '', trackingNumber = ''] = record;
    if (index === 0 && !/^\d+$/.test(idText)) {
      // The header: the export's `sku` column, checked against the creator's choice when the line is saved.
      skuColumn = record.findIndex((cell) => cell.toLowerCase() === 'sku');
      continue;
    }
    const applicationId = Number(idText);
    if (!/^\d+$/.test(idText) || !Number.isSafeInteger(applicationId)) {
      parsed.push({ line, error: 'application_id must be a number' });
    } else if (!carrier) {
      parsed.push({ line, error: 'carrier is missing' });
    } else if (!trackingNumber) {
      parsed.push({ line, error: 'tracking_number is missing' });
    } else if (carrier.length > 60 || trackingNumber.length > 60) {
      parsed.push({ line, error: 'carrier and tracking_number must be at most 60 characters' });
    } else {
      const sku = skuColumn >= 0 ? (record[skuColumn] ?? '') : '';
      parsed.push({ line, applicationId, carrier, trackingNumber, ...(sku ? { sku } : {}) });
    }
  }
  return parsed;
}
