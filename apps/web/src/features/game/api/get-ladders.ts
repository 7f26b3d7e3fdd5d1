import { getLaddersRoute } from '@ojo/api-contract/game/http';
import type { BusinessType } from '@ojo/domain/enums';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /ladders (product.md 7): the open season's ranking, higher tiers first; with a session, the player's entry. */
export const getLadders = (businessType: BusinessType, offset: number, limit: number, signal?: AbortSignal) =>
  apiClient.callRoute(getLaddersRoute, { query: { businessType, offset, limit }, signal });

export const laddersQueryOptions = (businessType: BusinessType, offset: number, limit: number) =>
  queryOptions({
    queryKey: gameKeys.ladders(businessType, offset, limit),
    queryFn: ({ signal }) => getLadders(businessType, offset, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useLadders = (businessType: BusinessType, offset = 0, limit = 20) =>
  useQuery(laddersQueryOptions(businessType, offset, limit));
