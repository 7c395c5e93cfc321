import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryProblem } from '../../../../shared/lifecycle';
import type { MyApplication } from '../../../../shared/schemas/application';
import type { Wallet } from '../../../../shared/schemas/payout';
import { apiFetch } from '../../../lib/api-client';

export type { Wallet };

/** Private data lives under 'me': signing out forgets it (use-session keeps only 'campaigns'). */
export const dashboardKeys = {
  applications: ['me', 'applications'] as const,
  wallet: ['me', 'wallet'] as const,
  redemptions: ['me', 'redemptions'] as const,
  profile: ['me', 'profile'] as const,
};

/** GET /api/me/applications: every application with its status, progress, next step and what can be done. */
export function useMyApplications() {
  return useQuery({
    queryKey: dashboardKeys.applications,
    queryFn: ({ signal }) => apiFetch<{ items: MyApplication[] }>('/api/me/applications', { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/me/wallet: available Mint, Mint on its way, in payout, earned, and the latest ledger entries. */
export function useWallet() {
  return useQuery({
    queryKey: dashboardKeys.wallet,
    queryFn: ({ signal }) => apiFetch<Wallet>('/api/me/wallet', { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/me: only the follower count is used here (the header). */
export function useMyFollowers() {
  return useQuery({
    queryKey: dashboardKeys.profile,
    queryFn: ({ signal }) => apiFetch<{ total_followers?: number }>('/api/me', { signal }),
    select: (data) => (typeof data.total_followers === 'number' ? data.total_followers : null),
  });
}

export type DeliveryInput =
  | { action: 'confirm' }
  | { action: 'report'; problem: DeliveryProblem; note?: string | undefined };

/** The creator's own steps; each refreshes the dashboard (and the campaign page's apply panel) afterwards. */
export function useApplicationActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.applications }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.wallet }),
      queryClient.invalidateQueries({ queryKey: ['me', 'eligibility'] }),
      queryClient.invalidateQueries({ queryKey: ['campaigns', 'detail'] }),
    ]);
  const post = <T>(path: string, body: unknown = {}) =>
    apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });
  return {
    withdraw: useMutation({
      mutationFn: (id: number) => post<{ id: number }>(`/api/applications/${id}/withdraw`),
      onSettled: refresh,
    }),
    delivery: useMutation({
      mutationFn: ({ id, input }: { id: number; input: DeliveryInput }) =>
        post<{ id: number }>(`/api/applications/${id}/delivery`, input),
      onSettled: refresh,
    }),
    submit: useMutation({
      mutationFn: ({ id, urls, note }: { id: number; urls: string[]; note?: string | undefined }) =>
        post<{ id: number }>(`/api/applications/${id}/submissions`, note ? { urls, note } : { urls }),
      onSettled: refresh,
    }),
  };
}
