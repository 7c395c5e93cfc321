import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProblem, ProblemReshipInput } from '../../../../shared/schemas/delivery-problems';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

export type ProblemFilter = 'open' | 'resolved' | 'all';
type Queue = { items: AdminProblem[]; openCount: number };

/** GET /api/admin/problems?status=…: the queue and the open count. */
export function useProblems(status: ProblemFilter) {
  return useQuery({
    queryKey: privateKeys.admin.problems(status),
    queryFn: ({ signal }) => apiFetch<Queue>(`/api/admin/problems?status=${status}`, { signal }),
    staleTime: 30_000,
  });
}

/** The open count for the sidebar badge (refreshed every few minutes and after every action). */
export function useOpenProblemCount() {
  const query = useQuery({
    queryKey: privateKeys.admin.problems('open'),
    queryFn: ({ signal }) => apiFetch<Queue>('/api/admin/problems?status=open', { signal }),
    staleTime: 60_000,
    refetchInterval: 180_000,
  });
  return query.data?.openCount ?? 0;
}

/** Reply, resolve and re-ship; each refreshes the queue, the badge and the review pages. */
export function useProblemActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: privateKeys.admin.problemsAll }),
      queryClient.invalidateQueries({ queryKey: privateKeys.admin.campaigns.all }),
    ]);
  const post = (path: string, body: unknown) => apiFetch<Queue>(path, { method: 'POST', json: body });
  return {
    reply: useMutation({
      mutationFn: ({ id, message }: { id: number; message: string }) =>
        post(`/api/admin/problems/${id}/reply`, { message }),
      onSettled: refresh,
    }),
    resolve: useMutation({
      mutationFn: ({ id, message }: { id: number; message?: string | undefined }) =>
        post(`/api/admin/problems/${id}/resolve`, message ? { message } : {}),
      onSettled: refresh,
    }),
    reship: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ProblemReshipInput }) =>
        post(`/api/admin/problems/${id}/reship`, input),
      onSettled: refresh,
    }),
  };
}
