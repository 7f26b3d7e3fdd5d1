import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.wallet.title}
      description="The ETH balance of your smart account: deposit, send and see your transaction history."
    />
  );
}
