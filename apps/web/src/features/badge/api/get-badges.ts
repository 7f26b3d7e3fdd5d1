import { type BadgeSeriesEntry, badgeListRoute, nftBadgesRoute } from '@ojo/api-contract/badge';
import { CLAIMABLE_BADGES_QUERY } from '@ojo/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

/** nft.badgeList (GET /v1/series/badge): every series with the player's badges. */
export async function getBadgeSeries(signal?: AbortSignal): Promise<BadgeSeriesEntry[]> {
  return (await apiClient.callRoute(badgeListRoute, { signal })) ?? [];
}

export function useBadgeSeries({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: badgeKeys.series(), queryFn: ({ signal }) => getBadgeSeries(signal), enabled });
}

/** nft.nftBadges with status CLAIMABLE and strategy all: obj.rows is the claimable count (product.md 7). */
export async function getClaimableCount(signal?: AbortSignal): Promise<number> {
  return (await apiClient.callRoute(nftBadgesRoute, { query: CLAIMABLE_BADGES_QUERY, signal }))?.rows ?? 0;
}

export function useClaimableCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: badgeKeys.claimable(),
    queryFn: ({ signal }) => getClaimableCount(signal),
    enabled,
  });
}
