import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryProblem } from '../../../../shared/lifecycle';
import type { CreatorStanding } from '../../../../shared/moderation';
import type { MyApplication } from '../../../../shared/schemas/application';
import type { MyProblem } from '../../../../shared/schemas/delivery-problems';
import type { ActivityItem } from '../../../../shared/schemas/me';
import type { Wallet } from '../../../../shared/schemas/payout';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys, publicKeys } from '../../../lib/query-keys';

export type { Wallet };

/** GET /api/me/applications: every application with its status, progress, next step and what can be done. */
export function useMyApplications() {
  return useQuery({
    queryKey: privateKeys.applications,
    queryFn: ({ signal }) => apiFetch<{ items: MyApplication[] }>('/api/me/applications', { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/me/delivery-problems: the creator's reports with the brand's replies. */
export function useMyDeliveryProblems() {
  return useQuery({
    queryKey: privateKeys.deliveryProblems,
    queryFn: ({ signal }) => apiFetch<{ items: MyProblem[] }>('/api/me/delivery-problems', { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/me/wallet: available Mint, Mint on its way, in payout, earned, and the latest ledger entries. */
export function useWallet() {
  return useQuery({
    queryKey: privateKeys.wallet,
    queryFn: ({ signal }) => apiFetch<Wallet>('/api/me/wallet', { signal }),
    staleTime: 30_000,
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
      queryClient.invalidateQueries({ queryKey: privateKeys.applications }),
      queryClient.invalidateQueries({ queryKey: privateKeys.wallet }),
      queryClient.invalidateQueries({ queryKey: privateKeys.eligibility.all }),
      queryClient.invalidateQueries({ queryKey: publicKeys.campaigns.details }),
    ]);
  const post = <T>(path: string, body: unknown = {}) => apiFetch<T>(path, { method: 'POST', json: body });
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

/** GET /api/me/activity: Recent Activity, every step from the records, newest first. */
export function useMyActivity() {
  return useQuery({
    queryKey: privateKeys.activity,
    queryFn: ({ signal }) => apiFetch<{ items: ActivityItem[] }>('/api/me/activity', { signal }),
    staleTime: 30_000,
  });
}

/** The part of GET /api/me the dashboard reads: the creator's standing, with the admin's reason and since when. */
export interface MyStanding {
  standing: CreatorStanding;
  standing_reason: string | null;
  standing_since: string | null;
}

/** GET /api/me (the same cached record as the header's and the profile page's), for the suspension notice. */
export function useMyStanding() {
  return useQuery({
    queryKey: privateKeys.me,
    queryFn: ({ signal }) => apiFetch<MyStanding>('/api/me', { signal }),
  });
}
