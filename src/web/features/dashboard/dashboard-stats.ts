import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  DECIDED_STATUSES,
  IN_PROGRESS_STATUSES,
} from '../../../shared/lifecycle/statuses';
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
  /** The reward entries since the 1st (UTC), summed by the server over all of them (not the page of entries). */
  earningsThisMonth: number;
}

/** The four Overview figures, from the creator's own records only. */
export function computeStats(applications: MyApplication[], wallet: Wallet | undefined): DashboardStats {
  const count = (statuses: readonly ApplicationStatus[]) =>
    applications.filter((a) => statuses.includes(a.status)).length;
  const approved = count(['approved']);
  const decided = count(DECIDED_STATUSES);
  return {
    mintBalance: wallet?.balance ?? 0,
    pendingMint: wallet?.pending ?? 0,
    activeCampaigns: count(IN_PROGRESS_STATUSES),
    completedCampaigns: approved,
    successRate: decided === 0 ? 0 : Math.round((approved / decided) * 100),
    decided,
    totalEarnings: wallet?.totalEarned ?? 0,
    earningsThisMonth: wallet?.earnedThisMonth ?? 0,
  };
}

/**
 * The line under Success Rate, saying what it counts: applications with a final outcome (content approved, not
 * selected, or deadline missed). Accepted applications still in progress are not counted yet, and the note says so.
 */
export function successNote(
  stats: Pick<DashboardStats, 'decided' | 'completedCampaigns' | 'activeCampaigns'>,
) {
  if (stats.decided > 0) return `${stats.completedCampaigns} approved of ${stats.decided} finished`;
  return stats.activeCampaigns > 0
    ? `No finished applications yet (${stats.activeCampaigns} in progress)`
    : 'No finished applications yet';
}

/** Applications per status, in lifecycle order, leaving out statuses with none. */
export function applicationsByStatus(applications: MyApplication[]) {
  return APPLICATION_STATUSES.map((status) => ({
    status,
    count: applications.filter((a) => a.status === status).length,
  })).filter((row) => row.count > 0);
}
