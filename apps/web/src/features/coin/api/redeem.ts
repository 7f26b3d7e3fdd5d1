import {
  cancelWithdrawRoute,
  createWithdrawRoute,
  withdrawInfoRoute,
  withdrawListRoute,
} from '@ojo/api-contract/coin';
import { WITHDRAW_HISTORY_DEFAULTS } from '@ojo/domain/constants';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { coinKeys } from './query-keys';

/** GET /coin/withdraw/info: the limits, today's progress, the OJO balance and the price. */
export function useWithdrawInfo(enabled: boolean) {
  return useQuery({
    queryKey: coinKeys.withdrawInfo(),
    enabled,
    queryFn: ({ signal }) => apiClient.callRoute(withdrawInfoRoute, { signal }),
  });
}

/** POST /coin/withdraws. */
export function createWithdraw(amount: string) {
  return apiClient.callRoute(createWithdrawRoute, { body: { amount } });
}

/** DELETE /coin/withdraws/{id}. */
export function cancelWithdraw(id: string) {
  return apiClient.callRoute(cancelWithdrawRoute, { params: { id } });
}

/**
 * GET /coin/withdraws/list with product.md 9's defaults (limit 20, from 0, a fixed start time); product.md 8 'withdraw-history
 * fetch fails: returns an empty page and stops paging'.
 */
export const withdrawsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: coinKeys.withdraws(),
    queryFn: async ({ pageParam, signal }) => {
      try {
        const page = await apiClient.callRoute(withdrawListRoute, {
          query: {
            startTime: WITHDRAW_HISTORY_DEFAULTS.startTimeMs,
            limit: WITHDRAW_HISTORY_DEFAULTS.limit,
            from: pageParam,
          },
          signal,
        });
        return page ?? [];
      } catch (error) {
        if (signal?.aborted) throw error;
        return [];
      }
    },
    initialPageParam: WITHDRAW_HISTORY_DEFAULTS.from as number,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < WITHDRAW_HISTORY_DEFAULTS.limit
        ? undefined
        : pages.reduce((sum, page) => sum + page.length, 0),
  });

/** While a redemption is pending, the list is read again every 2 seconds (PENDING, then FINISHED or FAILED). */
export function useWithdraws(enabled: boolean) {
  return useInfiniteQuery({
    ...withdrawsQueryOptions(),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.some((item) => item.status === 'PENDING')) ? 2000 : false,
  });
}
