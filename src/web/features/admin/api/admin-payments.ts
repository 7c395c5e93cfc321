import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransactionKind, TransactionStatus } from '../../../../shared/payouts';
import type {
  AdminPayout,
  PaymentsSummary,
  ProcessPayoutsInput,
  ProcessResult,
  TransactionRow,
} from '../../../../shared/schemas/payout';
import { apiFetch } from '../../../lib/api-client';
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

/** GET /api/admin/transactions: one page of the filtered table, newest first. */
export function useTransactions(filters: TransactionFilters, offset: number) {
  return useQuery({
    queryKey: paymentKeys.transactions(filters, offset),
    queryFn: ({ signal }) => {
      const params = filterParams(filters);
      params.set('limit', String(TRANSACTIONS_PAGE_SIZE));
      params.set('offset', String(offset));
      return apiFetch<{ items: TransactionRow[]; total: number }>(`/api/admin/transactions?${params}`, {
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * Payouts waiting for an admin (the first 100, oldest requests last), for Process Payment; with `q`, those the
 * table's search finds.
 */
export function usePendingPayouts(enabled: boolean, q = '') {
  return useQuery({
    queryKey: [...paymentKeys.pending, q],
    queryFn: ({ signal }) => {
      const params = filterParams({ kind: 'payout', status: 'pending', q });
      params.set('limit', '100');
      return apiFetch<{ items: TransactionRow[]; total: number }>(`/api/admin/transactions?${params}`, {
        signal,
      });
    },
    enabled,
    select: (data) => data.items.filter((row) => row.payout?.status === 'pending'),
  });
}

/** GET /api/admin/payments/summary: Payment Secure, Brand Package and the payout settings. */
export function usePaymentsSummary() {
  return useQuery({
    queryKey: paymentKeys.summary,
    queryFn: ({ signal }) => apiFetch<PaymentsSummary>('/api/admin/payments/summary', { signal }),
  });
}

/** GET /api/admin/payouts/:id: one payout with its history. */
export function useAdminPayout(id: number | null) {
  return useQuery({
    queryKey: paymentKeys.payout(id ?? 0),
    queryFn: ({ signal }) => apiFetch<AdminPayout>(`/api/admin/payouts/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The payment actions; each refreshes the table, the figures and the payout it touched. */
export function usePaymentActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  const post = <T>(path: string, body: unknown) => apiFetch<T>(path, { method: 'POST', json: body });
  return {
    process: useMutation({
      mutationFn: (input: ProcessPayoutsInput) => post<ProcessResult>('/api/admin/payouts/process', input),
      onSettled: refresh,
    }),
    markPaid: useMutation({
      mutationFn: ({ id, reference }: { id: number; reference: string }) =>
        post<AdminPayout>(`/api/admin/payouts/${id}/mark-paid`, { reference }),
      onSettled: refresh,
    }),
    markFailed: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) =>
        post<AdminPayout>(`/api/admin/payouts/${id}/mark-failed`, { reason }),
      onSettled: refresh,
    }),
    adjust: useMutation({
      mutationFn: ({
        influencerId,
        amount,
        reason,
      }: {
        influencerId: number;
        amount: number;
        reason: string;
      }) =>
        post<{ id: number; balance: number }>(`/api/admin/influencers/${influencerId}/adjustments`, {
          amount,
          reason,
        }),
      onSettled: refresh,
    }),
  };
}
