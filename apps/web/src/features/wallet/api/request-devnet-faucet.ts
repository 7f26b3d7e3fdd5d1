import { devnetFaucetRoute } from '@ojo/api-contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** POST /devnet/faucet (local devnet only): test ETH for the player's smart account, then balance and history again. */
export function useDevnetFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.callRoute(devnetFaucetRoute),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
