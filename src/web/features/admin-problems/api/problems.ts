import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminProblemListSchema,
  type ProblemReshipInput,
} from '../../../../shared/schemas/delivery-problems';
import { cursorPages } from '../../../lib/admin-cursor-pages';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

export type ProblemFilter = 'open' | 'resolved' | 'all';

/**
 * GET /api/admin/problems?status=…&cursor=…: the queue a page of 50 at a time by keyset (issue 28: "Show more problems"
 * reads the next by its cursor), with the open count. A refresh reads the pages shown again from the first.
 */
export const problemsQuery = (status: ProblemFilter) =>
  infiniteQueryOptions({
    queryKey: privateKeys.admin.problems(status),
    ...cursorPages('/api/admin/problems', { status }, adminProblemListSchema),
    staleTime: 30_000,
  });
export const useProblems = (status: ProblemFilter) => useInfiniteQuery(problemsQuery(status));

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
