import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeliveryProblem } from '../../../../shared/lifecycle/delivery-problems';
import { myApplicationListSchema } from '../../../../shared/schemas/application';
import { myProblemListSchema } from '../../../../shared/schemas/delivery-problems';
import { activityListSchema, type CreatorRecord } from '../../../../shared/schemas/me';
import { type Wallet, walletSchema } from '../../../../shared/schemas/payout';
import { myReliabilitySchema } from '../../../../shared/schemas/reliability';
import { idResultSchema, idStatusResultSchema } from '../../../../shared/schemas/results';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { meQuery } from '../../../lib/me-query';
import { privateKeys, publicKeys } from '../../../lib/query-keys';
import type { useMyAnalytics } from './content-metrics';

export type { Wallet };

/** The three reads the dashboard's Overview and Analytics tabs are drawn from. */
export interface DashboardReads {
  applications: ReturnType<typeof useMyApplications>;
  wallet: ReturnType<typeof useWallet>;
  analytics: ReturnType<typeof useMyAnalytics>;
}

/** GET /api/me/applications: every application with its status, progress, next step and what can be done. */
export const myApplicationsQuery = () =>
  getQuery(privateKeys.applications, '/api/me/applications', myApplicationListSchema, { staleTime: 30_000 });
export const useMyApplications = () => useQuery(myApplicationsQuery());

/** GET /api/me/reliability: the creator's own reliability record, what admins see (issue 27). */
export const myReliabilityQuery = () =>
  getQuery(privateKeys.reliability, '/api/me/reliability', myReliabilitySchema, { staleTime: 30_000 });
export const useMyReliability = () => useQuery(myReliabilityQuery());

/** GET /api/me/delivery-problems: the creator's reports with the brand's replies. */
export const myDeliveryProblemsQuery = () =>
  getQuery(privateKeys.deliveryProblems, '/api/me/delivery-problems', myProblemListSchema, {
    staleTime: 30_000,
  });
export const useMyDeliveryProblems = () => useQuery(myDeliveryProblemsQuery());

/** GET /api/me/wallet: available Mint, Mint on its way, in payout, earned, and the latest ledger entries. */
export const walletQuery = () =>
  getQuery(privateKeys.wallet, '/api/me/wallet', walletSchema, { staleTime: 30_000 });
export const useWallet = () => useQuery(walletQuery());

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
  const post = <S extends z.ZodType>(path: string, schema: S, body: unknown = {}) =>
    apiFetch(path, { method: 'POST', json: body, schema });
  return {
    withdraw: useMutation({
      mutationFn: (id: number) => post(`/api/applications/${id}/withdraw`, idStatusResultSchema),
      onSettled: refresh,
    }),
    delivery: useMutation({
      mutationFn: ({ id, input }: { id: number; input: DeliveryInput }) =>
        post(`/api/applications/${id}/delivery`, idStatusResultSchema, input),
      onSettled: refresh,
    }),
    submit: useMutation({
      mutationFn: ({ id, urls, note }: { id: number; urls: string[]; note?: string | undefined }) =>
        post(`/api/applications/${id}/submissions`, idResultSchema, note ? { urls, note } : { urls }),
      onSettled: refresh,
    }),
  };
}

/** GET /api/me/activity: Recent Activity, every step from the records, newest first. */
export const myActivityQuery = () =>
  getQuery(privateKeys.activity, '/api/me/activity', activityListSchema, { staleTime: 30_000 });
export const useMyActivity = () => useQuery(myActivityQuery());

/** The part of GET /api/me the dashboard reads: the creator's standing, with the admin's reason and since when. */
export type MyStanding = Pick<CreatorRecord, 'standing' | 'standing_reason' | 'standing_since'>;

/** GET /api/me (the same cached record as the header's and the profile page's), for the suspension notice. */
export function useMyStanding() {
  return useQuery({
    ...meQuery(),
    select: ({ standing, standing_reason, standing_since }): MyStanding => ({
      standing,
      standing_reason,
      standing_since,
    }),
  });
}
