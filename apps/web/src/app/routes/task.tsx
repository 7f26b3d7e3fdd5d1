import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BackersStrip } from '@/features/home/components/backers-strip';
import { IntroCardsSection } from '@/features/home/components/intro-cards-section';
import { GameSection } from '@/features/tasks/components/game-section';
import { TaskPage } from '@/features/tasks/components/task-page';
import { memberKeys, userKeys } from '@/lib/query-keys';
import { useHasSession } from '@/lib/use-has-session';
import { OnboardingBadge } from '../badge/compose';

/**
 * The task page composed from features (spec 2 Task page): tasks, then the introduction, the game and the backers.
 * A done task refreshes the session user and every member query (points, assets).
 */
export function Component() {
  const hasSession = useHasSession();
  const queryClient = useQueryClient();
  const onTaskDone = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    // A finished onboarding task may make the onboarding badge claimable.
    void queryClient.invalidateQueries({ queryKey: ['badges'] });
  }, [queryClient]);
  return (
    <TaskPage hasSession={hasSession} onTaskDone={onTaskDone} onboardingBadge={<OnboardingBadge />}>
      <IntroCardsSection />
      <GameSection />
      <BackersStrip />
    </TaskPage>
  );
}
