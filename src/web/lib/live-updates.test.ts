import { describe, expect, it } from 'vitest';
import { keysForTopic } from './live-updates';
import { privateKeys } from './query-keys';

describe('what a live topic makes a screen read again', () => {
  it('sends payments, problems and campaigns to the admin screens that show them', () => {
    expect(keysForTopic('admin', 'payments')).toEqual([privateKeys.admin.payments.all]);
    expect(keysForTopic('admin', 'problems')).toEqual([privateKeys.admin.problemsAll]);
    expect(keysForTopic('admin', 'campaign:12')).toEqual([
      privateKeys.admin.campaigns.all,
      privateKeys.admin.problemsAll,
    ]);
    expect(keysForTopic('admin', 'creator:3')).toEqual([]);
  });

  it("sends a creator's own topic to their wallet, dashboard and bell, and nothing else", () => {
    expect(keysForTopic('creator', 'creator:3')).toEqual([privateKeys.me, privateKeys.notifications]);
    expect(keysForTopic('creator', 'payments')).toEqual([]);
  });
});
