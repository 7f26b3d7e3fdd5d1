import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return <Page title={ROUTES.redeem.title} description="Redeem (withdraw) your OJO for ETH." />;
}
