import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.pointsPrizePool.title}
      description="The prize pool of the races played with points, and how it is shared."
    />
  );
}
