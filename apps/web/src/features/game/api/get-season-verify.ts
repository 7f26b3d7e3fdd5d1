import { getSeasonVerifyRoute } from '@ojo/api-contract/game/http';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /seasons/{id}/verify: everything that decided a settled season (public; it never changes). */
export const getSeasonVerify = (id: string, signal?: AbortSignal) =>
  apiClient.callRoute(getSeasonVerifyRoute, { params: { id }, signal });

export const useSeasonVerify = (id: string) =>
  useQuery({
    queryKey: gameKeys.seasonVerify(id),
    queryFn: ({ signal }) => getSeasonVerify(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
