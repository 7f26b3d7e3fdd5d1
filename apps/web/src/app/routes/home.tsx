import { HomePage } from '@/features/home/components/home-page';
import { ReferralCodeField } from '@/features/referral/components/referral-code-field';

/** The landing page with the referral feature's invite code field in its hero (features compose here). */
export function Component() {
  return <HomePage renderReferralField={(entry) => <ReferralCodeField {...entry} />} />;
}
