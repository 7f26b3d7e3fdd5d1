import { type ReferralInfo, referralInfoRoute } from '@ojo/api-contract/referral';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /customer/invite (product.md 7, secure): the player's invite code and referral counts. */
export async function getReferralInfo(signal?: AbortSignal): Promise<ReferralInfo | null> {
  return apiClient.callRoute(referralInfoRoute, { signal });
}

export const referralInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['referral'],
    queryFn: ({ signal }) => getReferralInfo(signal),
  });

export function useReferralInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...referralInfoQueryOptions(), enabled });
}

/**
 * The REFERRED number of 'My referrals': every invited player, whatever surface they joined from (the sum over
 * invitedMap's source types). The spec keys the counts by source type but shows one number; a friend who joined
 * through the game (DOJO_DASH) is as much a referral as one who joined on the web.
 */
export function referredCount(invitedMap: ReferralInfo['invitedMap'] | undefined): number {
  return Object.values(invitedMap ?? {}).reduce((sum, entry) => sum + entry.count, 0);
}
