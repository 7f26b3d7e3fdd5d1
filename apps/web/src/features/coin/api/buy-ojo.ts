import {
  cancelCoinOrderRoute,
  coinConfigsRoute,
  coinDiscountsRoute,
  coinHistoriesRoute,
  createCoinOrderRoute,
} from '@ojo/api-contract/coin';
import { processUserOperationRoute, tokenBalancesRoute } from '@ojo/api-contract/wallet';
import { BALANCE_ASSET, COIN_ORDER_BASE, COIN_ORDER_QUOTE, HISTORY_PAGE_SIZE } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Hex } from 'viem';
import { apiClient } from '@/lib/api-client';
import { coinKeys } from './query-keys';

/** How often the price is read again while a coin screen is open: the cost shown follows the live quote. */
const PRICE_REFRESH_MS = 15_000;

/** GET /coin/configs: minQty and the ETH price (OJO per ETH), kept current. */
export function useCoinConfig() {
  return useQuery({
    queryKey: coinKeys.config(),
    queryFn: ({ signal }) => apiClient.callRoute(coinConfigsRoute, { signal }),
    refetchInterval: PRICE_REFRESH_MS,
  });
}

/** GET /coin/discounts: the packages (spec 7 data.discounts). */
export function useCoinDiscounts() {
  return useQuery({
    queryKey: coinKeys.discounts(),
    queryFn: async ({ signal }) =>
      (await apiClient.callRoute(coinDiscountsRoute, { signal }))?.discounts ?? [],
  });
}

/** The smart account's ETH (spec 8: a zero ETH entry when the balance cannot be read). */
export function useEthBalance(enabled: boolean) {
  return useQuery({
    queryKey: coinKeys.ethBalance(),
    enabled,
    queryFn: async ({ signal }) => {
      try {
        const [item] = (await apiClient.callRoute(tokenBalancesRoute, { signal })) ?? [];
        return item?.formattedBalance ?? '0';
      } catch {
        return fromBaseUnits(0n, BALANCE_ASSET.decimals);
      }
    },
  });
}

/** POST /coin/orders: by amount (base OJO, quote ETH, baseQty) or by package. */
export async function createCoinOrder(order: { baseQty: string } | { packageId: string }) {
  const body =
    'packageId' in order
      ? { packageId: order.packageId }
      : { base: COIN_ORDER_BASE, quote: COIN_ORDER_QUOTE, baseQty: order.baseQty };
  const placed = await apiClient.callRoute(createCoinOrderRoute, { body: body as never });
  if (!placed) throw new Error('no order in the answer');
  return placed;
}

/** DELETE /coin/orders/{id}: an unpaid order is cancelled (ETH paid for it afterwards is refunded). */
export function cancelCoinOrder(orderId: string) {
  return apiClient.callRoute(cancelCoinOrderRoute, { params: { id: orderId } });
}

/** POST /transaction/process/userOpHash after paying (spec 4 Buy OJO: report the transaction hash). */
export function reportPayment(userOpHash: Hex) {
  return apiClient.callRoute(processUserOperationRoute, { body: { userOpHash } });
}

/** GET /coin/histories, offset paging of 20; a failed page is an empty, last page (spec 8). */
export const coinHistoriesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: coinKeys.histories(),
    queryFn: async ({ pageParam, signal }) => {
      try {
        const page = await apiClient.callRoute(coinHistoriesRoute, {
          query: { from: pageParam, limit: HISTORY_PAGE_SIZE },
          signal,
        });
        return page?.histories ?? [];
      } catch (error) {
        if (signal?.aborted) throw error;
        return [];
      }
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < HISTORY_PAGE_SIZE ? undefined : pages.reduce((sum, page) => sum + page.length, 0),
  });

export function useCoinHistories(enabled: boolean) {
  return useInfiniteQuery({ ...coinHistoriesQueryOptions(), enabled });
}
