import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/schemas/audit-log';
import { recordName } from './audit-entry';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-11-29T10:00:00.000Z',
  actorUserId: 'a',
  actorName: 'Ops <ops@mintbox.test>',
  action: 'application.accept',
  entityType: 'application',
  entityId: '3',
  before: null,
  after: null,
  ipAddress: null,
  campaignId: 7,
  creatorId: null,
  campaignName: 'Glow Serum',
  creatorName: 'Ana Ruiz',
  ...over,
});

describe('the audit log names records (issue 41)', () => {
  it('with the campaign and the creator beside the id', () => {
    expect(recordName(entry({}))).toBe('Application #3 · Glow Serum · Ana Ruiz');
    expect(recordName(entry({ entityType: 'campaign', entityId: '7', creatorName: null }))).toBe(
      'Campaign #7 · Glow Serum',
    );
    // A record whose campaign and creator are gone keeps its id.
    expect(recordName(entry({ campaignName: null, creatorName: null }))).toBe('Application #3');
  });
});
