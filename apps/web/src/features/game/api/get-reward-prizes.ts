import { getRewardPrizesRoute } from '@ojo/api-contract/game/http';
import type { BusinessType } from '@ojo/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /reward/{a}/{b}/prizes (product.md 7): a season's rank prizes and ticket draw. */
export const getRewardPrizes = (businessType: BusinessType, seasonId: string, signal?: AbortSignal) =>
  apiClient.callRoute(getRewardPrizesRoute, { params: { a: businessType, b: seasonId }, signal });

export const rewardPrizesQueryOptions = (businessType: BusinessType, seasonId: string) =>
  queryOptions({
    queryKey: gameKeys.rewardPrizes(businessType, seasonId),
    queryFn: ({ signal }) => getRewardPrizes(businessType, seasonId, signal),
  });

export const useRewardPrizes = (businessType: BusinessType, seasonId: string | undefined) =>
  useQuery({ ...rewardPrizesQueryOptions(businessType, seasonId ?? ''), enabled: Boolean(seasonId) });
