import { tokenBalancesRoute } from '@ojo/api-contract/wallet';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { coinKeys } from './query-keys';

/** The smart account's ETH (product.md 8: a zero ETH entry when the balance cannot be read). */
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
