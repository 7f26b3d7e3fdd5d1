import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return <Page title={ROUTES.coinHistory.title} description="Your OJO purchases." />;
}
