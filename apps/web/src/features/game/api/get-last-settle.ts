import { getLastSettleRoute } from '@ojo/api-contract/game/http';
import type { BusinessType } from '@ojo/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /ladders/lastsettle (product.md 7, secure): the player's result at the last settled season, or null. */
export const getLastSettle = (businessType: BusinessType, signal?: AbortSignal) =>
  apiClient.callRoute(getLastSettleRoute, { query: { businessType }, signal });

export const lastSettleQueryOptions = (businessType: BusinessType) =>
  queryOptions({
    queryKey: gameKeys.lastSettle(businessType),
    queryFn: ({ signal }) => getLastSettle(businessType, signal),
  });

export const useLastSettle = (businessType: BusinessType, enabled: boolean) =>
  useQuery({ ...lastSettleQueryOptions(businessType), enabled });
