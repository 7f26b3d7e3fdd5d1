import { type MemberInfo, memberInfoRoute } from '@ojo/api-contract/member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys';

/** GET /v2/customer/me (product.md 7, secure): the player's id, balances of points and OJO, and expansion. */
export async function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo | null> {
  return apiClient.callRoute(memberInfoRoute, { signal });
}

export const memberInfoQueryOptions = () =>
  queryOptions({ queryKey: memberKeys.info(), queryFn: ({ signal }) => getMemberInfo(signal) });

export function useMemberInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...memberInfoQueryOptions(), enabled });
}
