import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { isOpenPayout } from '../../../../shared/payouts';
import { payoutListSchema, payoutSchema, walletSchema } from '../../../../shared/schemas/payout';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

const HISTORY_PAGE = 20;
/** While a payout is open its status can change on the server (an admin, PayPal): look again this often. */
const OPEN_PAYOUT_REFRESH_MS = 60_000;

/** GET /api/me/payouts: the creator's payouts, newest first. */
export const payoutsQuery = () =>
  queryOptions({
    queryKey: privateKeys.payouts,
    queryFn: ({ signal }) => apiFetch('/api/me/payouts', { signal, schema: payoutListSchema }),
    staleTime: 30_000,
    refetchInterval: (query) =>
      query.state.data?.items.some((payout) => isOpenPayout(payout.status)) ? OPEN_PAYOUT_REFRESH_MS : false,
  });
export const usePayouts = () => useQuery(payoutsQuery());

/** The full history of ledger entries, a page at a time (GET /api/me/wallet?limit&cursor, keyset paging). */
export const walletHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: privateKeys.walletHistory,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        `/api/me/wallet?limit=${HISTORY_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal, schema: walletSchema },
      ),
    getNextPageParam: (last) => last.entriesNextCursor ?? undefined,
    staleTime: 30_000,
  });
export const useWalletHistory = () => useInfiniteQuery(walletHistoryQuery());

function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // The wallet's key also covers its history.
      queryClient.invalidateQueries({ queryKey: privateKeys.wallet }),
      queryClient.invalidateQueries({ queryKey: privateKeys.payouts }),
      queryClient.invalidateQueries({ queryKey: privateKeys.activity }),
      queryClient.invalidateQueries({ queryKey: privateKeys.taxForm }),
    ]);
}

/**
 * POST /api/me/payouts with an Idempotency-Key: the caller keeps one key per redemption it means to make and
 * sends the same key again on a retry, so a double click or a lost answer never redeems twice.
 */
export function useRedeem() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      apiFetch('/api/me/payouts', {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        json: { amount },
        schema: payoutSchema,
      }),
    onSettled: refresh,
  });
}

/** POST /api/me/payouts/:id/cancel: only while no admin has started the payout. */
export function useCancelRedemption() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(`/api/me/payouts/${id}/cancel`, { method: 'POST', schema: payoutSchema }),
    onSettled: refresh,
  });
}
