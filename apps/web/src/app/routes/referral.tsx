import { ReferralPage } from '@/features/referral/components/referral-page';

export function Component() {
  return <ReferralPage />;
}
