import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page title={ROUTES.coin.title} description="Buy OJO with ETH, by amount or as a discount package." />
  );
}
