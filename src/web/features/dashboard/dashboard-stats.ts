import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  DECIDED_STATUSES,
  IN_PROGRESS_STATUSES,
} from '../../../shared/lifecycle';
import type { MyApplication } from '../../../shared/schemas/application';
import type { Wallet } from './api/dashboard-queries';

export interface DashboardStats {
  mintBalance: number;
  pendingMint: number;
  activeCampaigns: number;
  completedCampaigns: number;
  /** Whole percent of decided applications that ended approved; 0 when none is decided. */
  successRate: number;
  decided: number;
  /** USD (1 Mint = 1 USD): the sum of reward entries. */
  totalEarnings: number;
  earningsThisMonth: number;
}

function sameMonth(iso: string, now: Date): boolean {
  const date = new Date(iso);
  return date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth();
}

/** The four Overview figures, from the creator's own records only. */
export function computeStats(
  applications: MyApplication[],
  wallet: Wallet | undefined,
  now: Date = new Date(),
): DashboardStats {
  const count = (statuses: readonly ApplicationStatus[]) =>
    applications.filter((a) => statuses.includes(a.status)).length;
  const approved = count(['approved']);
  const decided = count(DECIDED_STATUSES);
  const rewards = (wallet?.entries ?? []).filter((e) => e.kind === 'reward');
  return {
    mintBalance: wallet?.balance ?? 0,
    pendingMint: wallet?.pending ?? 0,
    activeCampaigns: count(IN_PROGRESS_STATUSES),
    completedCampaigns: approved,
    successRate: decided === 0 ? 0 : Math.round((approved / decided) * 100),
    decided,
    totalEarnings: wallet?.totalEarned ?? 0,
    earningsThisMonth: rewards
      .filter((e) => sameMonth(e.createdAt, now))
      .reduce((sum, e) => sum + e.amount, 0),
  };
}

export interface ActivityItem {
  key: string;
  type: 'payment' | 'campaign' | 'milestone';
  description: string;
  campaign: string | null;
  amount: number | null;
  time: string;
}

/** Recent Activity: Mint movements and the dated steps of each application, newest first. */
export function recentActivity(
  applications: MyApplication[],
  wallet: Wallet | undefined,
  limit = 8,
): ActivityItem[] {
  const names = new Map(applications.map((a) => [a.campaign.id, a.campaign.name]));
  const items: ActivityItem[] = [];
  for (const entry of wallet?.entries ?? []) {
    items.push({
      key: `entry-${entry.id}`,
      type: 'payment',
      description: entry.description,
      campaign: entry.campaignId !== null ? (names.get(entry.campaignId) ?? null) : null,
      amount: entry.amount,
      time: entry.createdAt,
    });
  }
  for (const a of applications) {
    items.push({
      key: `applied-${a.id}`,
      type: 'campaign',
      description: `Applied to ${a.campaign.name}`,
      campaign: a.campaign.name,
      amount: null,
      time: a.createdAt,
    });
    const s = a.latestSubmission;
    if (s) {
      items.push({
        key: `submission-${s.id}`,
        type: 'milestone',
        description: `Submitted content for ${a.campaign.name}`,
        campaign: a.campaign.name,
        amount: null,
        time: s.createdAt,
      });
    }
  }
  return items.sort((x, y) => y.time.localeCompare(x.time)).slice(0, limit);
}

/** Applications per status, in lifecycle order, leaving out statuses with none. */
export function applicationsByStatus(applications: MyApplication[]) {
  return APPLICATION_STATUSES.map((status) => ({
    status,
    count: applications.filter((a) => a.status === status).length,
  })).filter((row) => row.count > 0);
}
