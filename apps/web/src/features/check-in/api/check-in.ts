import { type CheckInResult, checkInRoute } from '@ojo/api-contract/check-in';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { checkInKeys, memberKeys } from '@/lib/query-keys';

/** POST /v2/tasks/checkin (product.md 7 'response success'): checks in for today (UTC); the reward is credited once. */
export async function checkIn(): Promise<CheckInResult> {
  const result = await apiClient.callRoute(checkInRoute);
  if (!result) throw new Error('The check-in answered no status');
  return result;
}

/**
 * The check-in as a mutation: on success the status takes the answer, and the balances and ledgers (header,
 * account menu) refetch, since the reward moved them.
 */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...checkInKeys.all, 'check-in'],
    mutationFn: checkIn,
    onSuccess: async (result) => {
      const { awarded: _awarded, ...status } = result;
      queryClient.setQueryData(checkInKeys.status(), status);
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
