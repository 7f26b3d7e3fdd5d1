import { walletSettingsRoute } from '@ojo/api-contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** GET /wallet/settings: whether this network has the devnet faucet. */
export const walletSettingsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.settings(),
    queryFn: ({ signal }) => apiClient.callRoute(walletSettingsRoute, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useWalletSettings() {
  return useQuery(walletSettingsQueryOptions());
}
