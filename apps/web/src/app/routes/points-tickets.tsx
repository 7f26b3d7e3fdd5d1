import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { TicketsScreen } from '@/features/game/components/tickets-screen';
import { useHasSession } from '@/lib/use-has-session';

export function Component() {
  const hasSession = useHasSession();
  return (
    <Page title={ROUTES.pointsTickets.title} description="The raffle tickets you earned playing with points.">
      <TicketsScreen businessType="points" hasSession={hasSession} />
    </Page>
  );
}
