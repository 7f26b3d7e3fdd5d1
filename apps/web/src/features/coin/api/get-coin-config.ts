import { coinConfigsRoute } from '@ojo/api-contract/coin';
import { useQuery } from '@tanstack/react-query';
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
