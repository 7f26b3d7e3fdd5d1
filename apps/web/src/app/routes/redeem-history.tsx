import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.redeemHistory.title}
      description="Your redeem requests; a request still pending can be cancelled."
    />
  );
}
