import { describe, expect, it } from 'vitest';
import { digestNotSentReason } from './me';

describe('digestNotSentReason (issue 41)', () => {
  it('says why no digest is sent and what to set', () => {
    expect(digestNotSentReason({ intervalMinutes: 60, mailServer: true })).toBeNull();
    expect(digestNotSentReason({ intervalMinutes: 60, mailServer: false })).toContain(
      'no mail server configured (mail only goes to its log). Set SMTP_URL',
    );
    expect(digestNotSentReason({ intervalMinutes: 0, mailServer: true })).toContain(
      'ADMIN_DIGEST_INTERVAL_MINUTES is 0',
    );
    const neither = digestNotSentReason({ intervalMinutes: 0, mailServer: false });
    expect(neither).toContain('Set SMTP_URL');
    expect(neither).toContain('ADMIN_DIGEST_INTERVAL_MINUTES');
  });
});
