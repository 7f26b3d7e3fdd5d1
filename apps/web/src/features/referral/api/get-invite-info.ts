import { type InviteInfo, inviteInfoRoute } from '@ojo/api-contract/invite';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /customer/invite (spec 7, secure): the player's invite code and referral counts. */
export async function getInviteInfo(signal?: AbortSignal): Promise<InviteInfo | null> {
  return apiClient.callRoute(inviteInfoRoute, { signal });
}

export const inviteInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'invite'],
    queryFn: ({ signal }) => getInviteInfo(signal),
  });

export function useInviteInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...inviteInfoQueryOptions(), enabled });
}

/**
 * The REFERRED number of 'My referrals': every invited player, whatever surface they joined from (the sum over
 * invitedMap's source types). The spec keys the counts by source type but shows one number; a friend who joined
 * through the game (DOJO_DASH) is as much a referral as one who joined on the web.
 */
export function referredCount(invitedMap: InviteInfo['invitedMap'] | undefined): number {
  return Object.values(invitedMap ?? {}).reduce((sum, entry) => sum + entry.count, 0);
}
