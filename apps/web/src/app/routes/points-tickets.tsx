import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.pointsTickets.title}
      description="The raffle tickets you earned playing with points."
    />
  );
}
