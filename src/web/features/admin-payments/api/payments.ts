import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TransactionKind, TransactionStatus } from '../../../../shared/payouts';
import { paymentRunSchema } from '../../../../shared/schemas/payment-run';
import {
  adjustmentResultSchema,
  adminPayoutSchema,
  type ProcessPayoutsInput,
  paymentsSummarySchema,
  processResultSchema,
  transactionListSchema,
} from '../../../../shared/schemas/payout';
import { apiFetch } from '../../../lib/api-client';
import { getQuery, useReadAgain } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

export const TRANSACTIONS_PAGE_SIZE = 20;

export interface TransactionFilters {
  kind: TransactionKind | '';
  status: TransactionStatus | '';
  q: string;
}

const paymentKeys = privateKeys.admin.payments;

function filterParams(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  return params;
}

/** Export Report: the CSV of the filtered table (a download from the same origin, with the session cookie). */
export function exportUrl(filters: TransactionFilters): string {
  const params = filterParams(filters).toString();
  return `/api/admin/transactions.csv${params ? `?${params}` : ''}`;
}

/** GET /api/admin/transactions: one page of the filtered table, newest first (`cursor`: a page's next/prev cursor, '' for page 1). */
export const transactionsQuery = (filters: TransactionFilters, cursor: string) =>
  queryOptions({
    queryKey: paymentKeys.transactions(filters, cursor),
    queryFn: ({ signal }) => {
      const params = filterParams(filters);
      params.set('limit', String(TRANSACTIONS_PAGE_SIZE));
      if (cursor) params.set('cursor', cursor);
      return apiFetch(`/api/admin/transactions?${params}`, { signal, schema: transactionListSchema });
    },
    placeholderData: keepPreviousData,
  });
export const useTransactions = (filters: TransactionFilters, cursor: string) =>
  useQuery(transactionsQuery(filters, cursor));

/**
 * Payouts still open (the first 100, oldest requests last), for Process Payment: those waiting to be started
 * (`pending`) and those started and not settled (`processing`: to pay by hand, or with PayPal; issue 41); with `q`,
 * those the table's search finds.
 */
export const pendingPayoutsQuery = (q = '') =>
  queryOptions({
    queryKey: [...paymentKeys.pending, q],
    queryFn: ({ signal }) => {
      const params = filterParams({ kind: 'payout', status: 'pending', q });
      params.set('limit', '100');
      return apiFetch(`/api/admin/transactions?${params}`, { signal, schema: transactionListSchema });
    },
  });
export const usePendingPayouts = (enabled: boolean, q = '') =>
  useQuery({
    ...pendingPayoutsQuery(q),
    enabled,
    select: (data) =>
      data.items.filter((row) => row.payout?.status === 'pending' || row.payout?.status === 'processing'),
  });

/** GET /api/admin/payments/summary: Payment Secure, Brand Package and the payout settings. */
export const paymentsSummaryQuery = () =>
  getQuery(paymentKeys.summary, '/api/admin/payments/summary', paymentsSummarySchema);
export const usePaymentsSummary = () => useQuery(paymentsSummaryQuery());

/** GET /api/admin/payouts/:id: one payout with its history. */
export const adminPayoutQuery = (id: number | null) =>
  queryOptions({
    queryKey: paymentKeys.payout(id ?? 0),
    queryFn: ({ signal }) => apiFetch(`/api/admin/payouts/${id}`, { signal, schema: adminPayoutSchema }),
    enabled: id !== null,
  });
export const useAdminPayout = (id: number | null) => useQuery(adminPayoutQuery(id));

/**
 * GET /api/admin/payment-runs/:id: a PayPal payment run as it goes. Its payouts' changes refresh it through the live
 * updates ("payments"); while PayPal has not answered yet (no payout changes then) it is read every second.
 */
export const usePaymentRun = (id: number | null) =>
  useQuery({
    queryKey: paymentKeys.run(id ?? 0),
    queryFn: ({ signal }) => apiFetch(`/api/admin/payment-runs/${id}`, { signal, schema: paymentRunSchema }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.outcome === 'started' ? 1_000 : false),
  });

/** The payment actions; each refreshes the table, the figures and the payout it touched. */
export function usePaymentActions() {
  const refresh = useReadAgain(paymentKeys.all);
  const post = <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
    apiFetch(path, { method: 'POST', json: body, schema });
  return {
    process: useMutation({
      mutationFn: (input: ProcessPayoutsInput) =>
        post('/api/admin/payouts/process', input, processResultSchema),
      onSettled: refresh,
    }),
    markPaid: useMutation({
      mutationFn: ({ id, reference }: { id: number; reference: string }) =>
        post(`/api/admin/payouts/${id}/mark-paid`, { reference }, adminPayoutSchema),
      onSettled: refresh,
    }),
    markFailed: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) =>
        post(`/api/admin/payouts/${id}/mark-failed`, { reason }, adminPayoutSchema),
      onSettled: refresh,
    }),
    adjust: useMutation({
      mutationFn: ({ creatorId, amount, reason }: { creatorId: number; amount: number; reason: string }) =>
        post(`/api/admin/influencers/${creatorId}/adjustments`, { amount, reason }, adjustmentResultSchema),
      onSettled: refresh,
    }),
  };
}
