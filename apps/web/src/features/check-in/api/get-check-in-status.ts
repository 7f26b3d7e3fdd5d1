import { type CheckInStatusResult, checkInStatusRoute } from '@ojo/api-contract/check-in';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { checkInKeys } from '@/lib/query-keys';

/** GET /v2/tasks/checkin/status (product.md 7): today's (UTC) check-in, the streak and the reward ladder. */
export async function getCheckInStatus(signal?: AbortSignal): Promise<CheckInStatusResult | null> {
  return apiClient.callRoute(checkInStatusRoute, { signal });
}

export const checkInStatusQueryOptions = () =>
  queryOptions({ queryKey: checkInKeys.status(), queryFn: ({ signal }) => getCheckInStatus(signal) });

export function useCheckInStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...checkInStatusQueryOptions(), enabled });
}
