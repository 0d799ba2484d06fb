import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { pagedQueryOptions } from '@/lib/pages';
import { queryKeys } from '@/lib/queryKeys';

export type Balance = paths['/api/v1/me/balance']['get']['responses'][200]['content']['application/json'];
export type Earnings = paths['/api/v1/me/earnings']['get']['responses'][200]['content']['application/json'];
export type EarningsDay = Earnings['days'][number];
export type TrackEarnings = Earnings['tracks'][number];
type WithdrawalList = paths['/api/v1/withdrawals']['get']['responses'][200]['content']['application/json'];
export type Withdrawal = WithdrawalList['items'][number];
export type WithdrawalRequest = paths['/api/v1/withdrawals']['post']['requestBody']['content']['application/json'];
export type WithdrawalMethod = Withdrawal['method'];
export type WithdrawalStatus = Withdrawal['status'];

async function fetchBalance(): Promise<Balance> {
  const { data, error, response } = await api.GET('/api/v1/me/balance');
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** My balance (rounded down to cents), the minimum withdrawal and the plays of my tracks. */
export function useBalance() {
  return useQuery({ queryKey: queryKeys.me.balance(), queryFn: fetchBalance });
}

async function fetchEarnings(): Promise<Earnings> {
  const { data, error, response } = await api.GET('/api/v1/me/earnings');
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** My counted plays and earnings per UTC day for the last 30 days, and per track. */
export function useEarnings() {
  return useQuery({ queryKey: queryKeys.me.earnings(), queryFn: fetchEarnings });
}

async function fetchWithdrawals(cursor: string | undefined): Promise<WithdrawalList> {
  const { data, error, response } = await api.GET('/api/v1/withdrawals', { params: { query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** My withdrawals, newest first, a page at a time. */
export function useWithdrawals() {
  return useInfiniteQuery(pagedQueryOptions(queryKeys.me.withdrawals(), fetchWithdrawals));
}

/**
 * Requests a withdrawal of my whole balance. `idempotencyKey` names this submission: sent again
 * with the same key, the request answers the first answer and withdraws nothing more.
 */
export async function requestWithdrawal(body: WithdrawalRequest, idempotencyKey: string): Promise<Withdrawal> {
  const { data, error, response } = await api.POST('/api/v1/withdrawals', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body,
  });
  if (data === undefined) throw toApiError(error, response);
  return data;
}
