import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.referral.title}
      description="Invite friends with your invite link or code and see how many joined."
    />
  );
}
