import { getSeasonsRoute } from '@ojo/api-contract/game/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /seasons (product.md 7): the seasons that have started, newest first. */
export const getSeasons = (signal?: AbortSignal) => apiClient.callRoute(getSeasonsRoute, { signal });

export const seasonsQueryOptions = () =>
  queryOptions({ queryKey: gameKeys.seasons(), queryFn: ({ signal }) => getSeasons(signal) });

export const useSeasons = () => useQuery(seasonsQueryOptions());
