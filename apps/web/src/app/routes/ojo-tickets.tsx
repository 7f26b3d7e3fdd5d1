import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page title={ROUTES.ojoTickets.title} description="The raffle tickets you earned playing with OJO." />
  );
}
