import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { memberKeys, userKeys } from '@/lib/query-keys';

/**
 * What a done task refreshes outside the tasks feature (product.md 4 'Then the task list, member info and point award are
 * refreshed'): the session user and every member query (points, assets); a finished onboarding task may also make
 * the onboarding badge claimable. The task page and the game's task popup both pass it to the task list.
 */
export function useOnTaskDone(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['badges'] });
  }, [queryClient]);
}
