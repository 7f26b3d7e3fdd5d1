import { onboardingBadgeButton } from '@ojo/domain/badges/asset-badge';
import type { BadgeStatus } from '@ojo/domain/enums';

export interface OnboardingBadgeButtonProps {
  status: BadgeStatus;
  isClaiming: boolean;
  onClaim: () => void;
}

/**
 * product.md 4 'The onboarding badge button is enabled only when claimable, and shows 'Onboarding badge claimed' after
 * the claim.' The app composes it with the badge feature's claim.
 */
export function OnboardingBadgeButton({ status, isClaiming, onClaim }: OnboardingBadgeButtonProps) {
  const button = onboardingBadgeButton(status);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-gold/30 bg-gold/10 px-5 py-4">
      <button
        type="button"
        disabled={!button.enabled || isClaiming}
        onClick={onClaim}
        data-testid="onboarding-badge-button"
        data-status={status}
        className="rounded-xl bg-gold px-4 py-2 text-sm font-black text-arena-950 disabled:cursor-not-allowed disabled:bg-gold/30 disabled:text-white/70"
      >
        {button.label}
      </button>
      <p className="min-w-0 flex-1 basis-56 text-sm text-gold">
        Sign in and create your on-chain profile to earn the onboarding badge, minted on chain with no gas to
        pay.
      </p>
    </div>
  );
}
