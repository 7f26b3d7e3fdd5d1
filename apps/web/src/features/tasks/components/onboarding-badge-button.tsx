import { BADGE_TEXT } from '@ojo/domain/messages';

/**
 * spec 4 'The onboarding badge button is enabled only when claimable, and shows 'Onboarding badge claimed' after
 * the claim.' Badges are not minted yet, so nothing is claimable: the button is disabled and says why.
 */
export function OnboardingBadgeButton() {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-gold/30 bg-gold/10 px-5 py-4">
      <button
        type="button"
        disabled
        aria-describedby="onboarding-badge-note"
        className="rounded-xl bg-gold/30 px-4 py-2 text-sm font-black text-white/70 disabled:cursor-not-allowed"
      >
        {BADGE_TEXT.onboardingClaim}
      </button>
      <p id="onboarding-badge-note" className="min-w-0 flex-1 basis-56 text-sm text-gold">
        Badges arrive soon: the onboarding badge becomes claimable here once they do.
      </p>
    </div>
  );
}
