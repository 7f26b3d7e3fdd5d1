import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.mintBadge.title}
      description="Claim the badges you have earned, and verify partner assets in your linked wallets for exclusive ones."
    />
  );
}
