import { getRewardCurrentRoute } from '@ojo/api-contract/game/http';
import type { BusinessType } from '@ojo/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /reward/{a}/{b}/current (product.md 7, secure): the player's standing in a season's ladder. */
export const getRewardCurrent = (businessType: BusinessType, seasonId: string, signal?: AbortSignal) =>
  apiClient.callRoute(getRewardCurrentRoute, { params: { a: businessType, b: seasonId }, signal });

export const rewardCurrentQueryOptions = (businessType: BusinessType, seasonId: string) =>
  queryOptions({
    queryKey: gameKeys.rewardCurrent(businessType, seasonId),
    queryFn: ({ signal }) => getRewardCurrent(businessType, seasonId, signal),
  });

export const useRewardCurrent = (
  businessType: BusinessType,
  seasonId: string | undefined,
  enabled: boolean,
) =>
  useQuery({
    ...rewardCurrentQueryOptions(businessType, seasonId ?? ''),
    enabled: enabled && Boolean(seasonId),
  });
