import { type TokenTicker, tokenTickerRoute } from '@ojo/api-contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** GET /token/tickers/{symbol} (product.md 7): the USD price and its time; `stale` when the source has no current one. */
export async function getTokenTicker(symbol: string, signal?: AbortSignal): Promise<TokenTicker | null> {
  return apiClient.callRoute(tokenTickerRoute, { params: { symbol }, signal });
}

export const tokenTickerQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: walletKeys.ticker(symbol),
    queryFn: ({ signal }) => getTokenTicker(symbol, signal),
    refetchInterval: 30_000,
  });

export function useTokenTicker(symbol: string) {
  return useQuery(tokenTickerQueryOptions(symbol));
}
