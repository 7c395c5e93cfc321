import { describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '../../../shared/lifecycle/statuses';
import type { MyApplication } from '../../../shared/schemas/application';
import type { Wallet } from './api/dashboard-queries';
import { applicationsByStatus, computeStats, successNote } from './dashboard-stats';

let n = 0;
function app(status: ApplicationStatus, createdAt = '2026-06-01T10:00:00.000Z'): MyApplication {
  n += 1;
  return {
    id: n,
    status,
    statusLabel: status,
    progress: 0,
    nextStep: '',
    adminMessage: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    deliveryProblem: null,
    uploadDeadline: '2026-07-08',
    canWithdraw: false,
    canConfirmDelivery: false,
    canSubmitContent: false,
    postingClock: null,
    choices: [],
    canChangeChoice: false,
    tracking: null,
    createdAt,
    campaign: {
      id: 100 + n,
      name: `Campaign ${n}`,
      brand: 'Brand',
      platform: 'instagram',
      type: 'gifting',
      reward: 40,
      deadline: '2026-07-01',
      imageUrl: '/images/x.svg',
      status: 'active',
    },
    latestSubmission: null,
  };
}

const wallet: Wallet = {
  balance: 65,
  totalEarned: 65,
  // The server's sum of June's reward entries (40), over every entry, not only the page below.
  earnedThisMonth: 40,
  pending: 10,
  inPayout: 0,
  minimum: 50,
  paypalEmail: 'a@example.com',
  paypalEmailChangedAt: null,
  entriesTotal: 2,
  entriesNextCursor: null,
  entries: [
    {
      id: 1,
      amount: 40,
      kind: 'reward',
      reference: 'r1',
      description: 'Reward for A',
      campaignId: null,
      createdAt: '2026-06-05T10:00:00.000Z',
    },
    {
      id: 2,
      amount: 25,
      kind: 'reward',
      reference: 'r2',
      description: 'Reward for B',
      campaignId: null,
      createdAt: '2026-05-05T10:00:00.000Z',
    },
    {
      id: 3,
      amount: 5,
      kind: 'adjustment',
      reference: 'a1',
      description: 'Correction',
      campaignId: null,
      createdAt: '2026-06-06T10:00:00.000Z',
    },
  ],
};

describe('dashboard figures', () => {
  it('are honest zeros with no data', () => {
    expect(computeStats([], undefined)).toEqual({
      mintBalance: 0,
      pendingMint: 0,
      activeCampaigns: 0,
      completedCampaigns: 0,
      successRate: 0,
      decided: 0,
      totalEarnings: 0,
      earningsThisMonth: 0,
    });
    expect(applicationsByStatus([])).toEqual([]);
  });

  it('count active and completed campaigns, the success rate of decided applications and reward earnings', () => {
    const apps = [
      app('applied'),
      app('accepted'),
      app('shipped'),
      app('changes_requested'),
      app('approved'),
      app('approved'),
      app('rejected'),
      app('withdrawn'),
    ];
    const stats = computeStats(apps, wallet);
    expect(stats).toMatchObject({
      mintBalance: 65,
      pendingMint: 10,
      activeCampaigns: 3,
      completedCampaigns: 2,
      decided: 3,
      successRate: 67,
      totalEarnings: 65,
      earningsThisMonth: 40,
    });
    expect(applicationsByStatus(apps).find((r) => r.status === 'approved')?.count).toBe(2);
    expect(successNote(stats)).toBe('2 approved of 3 finished');
  });

  it('say what the success rate counts when two applications are accepted and none is finished', () => {
    const stats = computeStats([app('accepted'), app('shipped')], wallet);
    expect(stats).toMatchObject({ decided: 0, activeCampaigns: 2 });
    expect(successNote(stats)).toBe('No finished applications yet (2 in progress)');
    expect(successNote(computeStats([], undefined))).toBe('No finished applications yet');
  });
});
