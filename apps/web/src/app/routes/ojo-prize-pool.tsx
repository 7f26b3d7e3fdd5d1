import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { PrizePoolScreen } from '@/features/game/components/prize-pool-screen';
import { useHasSession } from '@/lib/use-has-session';

export function Component() {
  const hasSession = useHasSession();
  return (
    <Page
      title={ROUTES.ojoPrizePool.title}
      description="The prize pool of the races played with OJO, and how it is shared."
    >
      <PrizePoolScreen businessType="ojo" hasSession={hasSession} />
    </Page>
  );
}
