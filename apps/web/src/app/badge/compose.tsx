import type { ClaimableBadgeRow } from '@ojo/api-contract/badge';
import { smartAccountAddress } from '@ojo/domain/session/user';
import type { Address, Hex } from 'viem';
import { useSessionUser } from '@/features/auth/hooks/use-auth';
import { useOnboardingBadge } from '@/features/badge/hooks/use-onboarding-badge';
import { OnboardingBadgeButton } from '@/features/tasks/components/onboarding-badge-button';
import { mintThroughSessionKey } from './mint-through-session-key';

/**
 * The badge mint the app gives the badge feature: through the smart account with the badge session key. Called
 * synchronously in the click (the grant's popup must open there), so it is no lazy import.
 */
export function mintBadges(
  account: Address,
  rows: readonly ClaimableBadgeRow[],
  onSent: (hash: Hex) => void,
) {
  return mintThroughSessionKey(account, rows, onSent);
}

export function useSessionAccount(): Address | null {
  const { status, user } = useSessionUser();
  return status === 'loggedIn' ? (smartAccountAddress(user) as Address | null) : null;
}

/** The task page's onboarding badge button, with the badge feature's check and claim. */
export function OnboardingBadge() {
  const account = useSessionAccount();
  const badge = useOnboardingBadge({ account, mintBadges });
  return (
    <OnboardingBadgeButton status={badge.status} isClaiming={badge.isClaiming} onClaim={badge.onClaim} />
  );
}
