import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.ojoPrizePool.title}
      description="The prize pool of the races played with OJO, and how it is shared."
    />
  );
}
