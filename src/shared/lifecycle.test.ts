import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  applicationDeadlineFor,
  applicationsOpen,
  CONTENT_DUE_STATUSES,
  uploadDeadline,
  uploadsOpen,
} from './lifecycle';

describe('the upload-deadline rule', () => {
  it('reads application deadlines back from upload deadlines, for the sweep queries', () => {
    for (const day of ['2026-03-01', '2026-12-28', '2028-02-25']) {
      expect(applicationDeadlineFor(uploadDeadline(day))).toBe(day);
    }
  });

  it('keeps applications open through the deadline day and uploads through deadline + 7 days (UTC)', () => {
    expect(applicationsOpen('2026-06-10', new Date('2026-06-10T23:59:59Z'))).toBe(true);
    expect(applicationsOpen('2026-06-10', new Date('2026-06-11T00:00:00Z'))).toBe(false);
    expect(uploadsOpen('2026-06-10', new Date('2026-06-17T23:59:59Z'))).toBe(true);
    expect(uploadsOpen('2026-06-10', new Date('2026-06-18T00:00:00Z'))).toBe(false);
  });

  it('lists only real statuses as owing content', () => {
    for (const status of CONTENT_DUE_STATUSES) expect(APPLICATION_STATUSES).toContain(status);
  });
});
