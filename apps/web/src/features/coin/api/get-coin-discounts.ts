import { coinDiscountsRoute } from '@ojo/api-contract/coin';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { coinKeys } from './query-keys';

/** GET /coin/discounts: the packages (product.md 7 data.discounts). */
export function useCoinDiscounts() {
  return useQuery({
    queryKey: coinKeys.discounts(),
    queryFn: async ({ signal }) =>
      (await apiClient.callRoute(coinDiscountsRoute, { signal }))?.discounts ?? [],
  });
}
