/** One row of a shipments CSV, or why the line was refused. */
export type ShipmentCsvLine =
  | { line: number; applicationId: number; carrier: string; trackingNumber: string }
  | { line: number; error: string };

/** Splits one CSV line (quotes allowed). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(current.trim());
      current = '';
    } else current += ch;
  }
  cells.push(current.trim());
  return cells;
}

/**
 * Reads a shipments CSV (columns application_id, carrier, tracking_number; a header row is optional). Blank lines
 * and the header are skipped; every other line is a shipment or an error with its line number.
 */
export function parseShipmentsCsv(csv: string): ShipmentCsvLine[] {
  const parsed: ShipmentCsvLine[] = [];
  for (const [index, raw] of csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    const line = index + 1;
    if (!raw.trim()) continue;
    const [idText = '', carrier = '', trackingNumber = ''] = csvCells(raw);
    if (index === 0 && !/^\d+$/.test(idText)) continue; // header
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
      parsed.push({ line, applicationId, carrier, trackingNumber });
    }
  }
  return parsed;
}
