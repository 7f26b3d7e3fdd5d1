import { getBattlePoolsRoute } from '@ojo/api-contract/game/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /games/battle/ojoCap/pools (product.md 7): each currency's prize pool and the current round's pools. */
export const getBattlePools = (signal?: AbortSignal) => apiClient.callRoute(getBattlePoolsRoute, { signal });

export const battlePoolsQueryOptions = () =>
  queryOptions({
    queryKey: gameKeys.pools(),
    queryFn: ({ signal }) => getBattlePools(signal),
    refetchInterval: 15_000,
  });

export const useBattlePools = () => useQuery(battlePoolsQueryOptions());
