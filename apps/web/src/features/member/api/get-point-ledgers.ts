import { type PointLedgersResult, pointLedgersRoute } from '@ojo/api-contract/member';
import { POINT_LEDGER_PAGE_SIZE } from '@ojo/domain/constants';
import type { AssetType } from '@ojo/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys';

/** GET /member/points/ledgers/{id} (product.md 7): the newest page (limit 20) of the player's own ledger of one asset. */
export async function getPointLedgers(
  memberId: string,
  assetType: AssetType,
  signal?: AbortSignal,
): Promise<PointLedgersResult | null> {
  return apiClient.callRoute(pointLedgersRoute, {
    params: { id: memberId },
    query: { offset: 0, limit: POINT_LEDGER_PAGE_SIZE, assetType },
    signal,
  });
}

export const pointLedgersQueryOptions = (memberId: string, assetType: AssetType) =>
  queryOptions({
    queryKey: memberKeys.ledgers(memberId, assetType),
    queryFn: ({ signal }) => getPointLedgers(memberId, assetType, signal),
  });

export function usePointLedgers(memberId: string | undefined, assetType: AssetType) {
  return useQuery({ ...pointLedgersQueryOptions(memberId ?? '', assetType), enabled: Boolean(memberId) });
}
