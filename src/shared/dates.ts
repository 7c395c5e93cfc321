/** Adds whole days to an ISO date (YYYY-MM-DD) and returns an ISO date, independent of the time zone. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/**
 * "March 5, 2026" for an ISO date, read as a calendar date (no time-zone shift); with `month` 'short', "Mar 5, 2026".
 */
export function formatIsoDate(isoDate: string, month: 'long' | 'short' = 'long'): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    year: 'numeric',
    month,
    day: 'numeric',
    timeZone: 'UTC',
  });
}
