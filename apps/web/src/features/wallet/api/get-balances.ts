import { type BalanceItemDto, tokenBalancesRoute } from '@ojo/api-contract/wallet';
import { zeroEthBalance } from '@ojo/domain/wallet/balance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/**
 * The balance call: the smart account's ETH entry. product.md 8 'Balance fails: Falls back to a zero ETH entry', so a
 * failure never reaches the screen as an error.
 */
export async function getEthBalance(signal?: AbortSignal): Promise<BalanceItemDto> {
  try {
    const items = await apiClient.callRoute(tokenBalancesRoute, { signal });
    return items?.find((item) => item.symbol === 'ETH') ?? zeroEthBalance();
  } catch (error) {
    if (signal?.aborted) throw error;
    return zeroEthBalance();
  }
}

export const ethBalanceQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.balances(), queryFn: ({ signal }) => getEthBalance(signal) });

export function useEthBalance({ enabled }: { enabled: boolean }) {
  return useQuery({ ...ethBalanceQueryOptions(), enabled });
}
