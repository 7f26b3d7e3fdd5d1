import type { UserInfo } from '@ojo/api-contract/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

/**
 * `GET /customer` (secure): the user info of product.md 3 for the session. The route declaration (and zod with it) loads
 * with the first call, not with the landing page, which reads this query's hook in its header.
 */
export async function getUser(signal?: AbortSignal): Promise<UserInfo> {
  const { getUserRoute } = await import('@ojo/api-contract/user');
  const obj = await apiClient.callRoute(getUserRoute, { signal });
  if (!obj) throw new Error('The user service answered no user');
  return obj;
}

/**
 * The session user. The auth store loads it into the cache at login (`fetchQuery`), readers share it, and whatever
 * changes it (a profile created, a wallet linked, a task done, a bind) invalidates `userKeys.all`; logout clears the
 * whole cache.
 */
export const userQueryOptions = () =>
  queryOptions({ queryKey: userKeys.current(), queryFn: ({ signal }) => getUser(signal) });

export function useUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userQueryOptions(), enabled });
}
