import { BackersStrip } from '@/features/home/components/backers-strip';
import { IntroCardsSection } from '@/features/home/components/intro-cards-section';
import { GameSection } from '@/features/tasks/components/game-section';
import { TaskPage } from '@/features/tasks/components/task-page';
import { useHasSession } from '@/lib/use-has-session';
import { OnboardingBadge } from '../badge/compose';
import { useOnTaskDone } from '../tasks/use-on-task-done';

/**
 * The task page composed from features (product.md 2 Task page): tasks, then the introduction, the game and the backers.
 * A done task refreshes the session user, every member query (points, assets) and the badges (useOnTaskDone).
 */
export function Component() {
  const hasSession = useHasSession();
  const onTaskDone = useOnTaskDone();
  return (
    <TaskPage hasSession={hasSession} onTaskDone={onTaskDone} onboardingBadge={<OnboardingBadge />}>
      <IntroCardsSection />
      <GameSection />
      <BackersStrip />
    </TaskPage>
  );
}
