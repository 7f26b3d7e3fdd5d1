import { type TokenHistoryItem, tokenHistoriesRoute } from '@ojo/api-contract/wallet';
import { HISTORY_PAGE_SIZE } from '@ojo/domain/constants';
import { canLoadMoreHistory } from '@ojo/domain/wallet/history';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/**
 * GET /token/histories (product.md 7: from, limit 20; data.histories). product.md 8 'History fetch fails: Returns an empty
 * page and stops paging' - an empty page is a short page, so it is the last (product.md 9).
 */
export async function getTokenHistories(from: number, signal?: AbortSignal): Promise<TokenHistoryItem[]> {
  try {
    const page = await apiClient.callRoute(tokenHistoriesRoute, {
      query: { from, limit: HISTORY_PAGE_SIZE },
      signal,
    });
    return page?.histories ?? [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const tokenHistoriesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.histories(),
    queryFn: ({ pageParam, signal }) => getTokenHistories(pageParam, signal),
    initialPageParam: 0,
    // product.md 9: paged by offset; a short page is the last; the screen shows up to 100 records.
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.length, 0);
      return canLoadMoreHistory(loaded, lastPage.length, HISTORY_PAGE_SIZE) ? loaded : undefined;
    },
  });

export function useTokenHistories({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...tokenHistoriesQueryOptions(), enabled });
}
