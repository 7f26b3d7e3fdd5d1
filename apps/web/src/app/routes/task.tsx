import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthStore } from '@/features/auth/hooks/use-auth';
import { BackersStrip } from '@/features/home/components/backers-strip';
import { IntroCardsSection } from '@/features/home/components/intro-cards-section';
import { useHasSession } from '@/features/referral/hooks/use-has-session';
import { GameSection } from '@/features/tasks/components/game-section';
import { TaskPage } from '@/features/tasks/components/task-page';
import { memberKeys } from '@/lib/query-keys';

/**
 * The task page composed from features (spec 2 Task page): tasks, then the introduction, the game and the backers.
 * A done task refreshes the member info (the auth store's user) and every member query (points, assets).
 */
export function Component() {
  const hasSession = useHasSession();
  const store = useAuthStore();
  const queryClient = useQueryClient();
  const onTaskDone = useCallback(() => {
    store?.refreshUser().catch(() => {});
    void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['customer'] });
  }, [queryClient, store]);
  return (
    <TaskPage hasSession={hasSession} onTaskDone={onTaskDone}>
      <IntroCardsSection />
      <GameSection />
      <BackersStrip />
    </TaskPage>
  );
}
