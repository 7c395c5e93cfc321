import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminProblemListSchema,
  type ProblemReshipInput,
} from '../../../../shared/schemas/delivery-problems';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

export type ProblemFilter = 'open' | 'resolved' | 'all';

/** GET /api/admin/problems?status=…: the queue and the open count. */
export const problemsQuery = (status: ProblemFilter) =>
  queryOptions({
    queryKey: privateKeys.admin.problems(status),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/problems?status=${status}`, { signal, schema: adminProblemListSchema }),
    staleTime: 30_000,
  });
export const useProblems = (status: ProblemFilter) => useQuery(problemsQuery(status));

/** The open count for the sidebar badge (refreshed every few minutes and after every action). */
export function useOpenProblemCount() {
  const query = useQuery({ ...problemsQuery('open'), staleTime: 60_000, refetchInterval: 180_000 });
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
  const post = (path: string, body: unknown) =>
    apiFetch(path, { method: 'POST', json: body, schema: adminProblemListSchema });
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
