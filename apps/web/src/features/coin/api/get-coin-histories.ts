import { coinHistoriesRoute } from '@ojo/api-contract/coin';
import { HISTORY_PAGE_SIZE } from '@ojo/domain/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { coinKeys } from './query-keys';

/** GET /coin/histories, offset paging of 20; a failed page is an empty, last page (product.md 8). */
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
