import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

describe('fileNameFrom', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameFrom('attachment; filename="mintbox-transactions-2026-03-05.csv"')).toBe(
      'mintbox-transactions-2026-03-05.csv',
    );
    expect(fileNameFrom('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(fileNameFrom('attachment')).toBeUndefined();
    expect(fileNameFrom(null)).toBeUndefined();
  });
});
