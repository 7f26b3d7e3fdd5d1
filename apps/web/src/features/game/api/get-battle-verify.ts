import { getBattleVerifyRoute } from '@ojo/api-contract/game/http';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /games/battle/{id}/verify: everything that decided a settled round (public; it never changes). */
export const getBattleVerify = (id: string, signal?: AbortSignal) =>
  apiClient.callRoute(getBattleVerifyRoute, { params: { id }, signal });

export const useBattleVerify = (id: string) =>
  useQuery({
    queryKey: gameKeys.verify(id),
    queryFn: ({ signal }) => getBattleVerify(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
