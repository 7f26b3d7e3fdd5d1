import type { BadgeStatus } from '../enums';
import { BADGE_TEXT } from '../messages';

export interface AssetBadgeButton {
  /** product.md 4: 'Label 'Claim' when claimable, else 'Verify'.' */
  label: typeof BADGE_TEXT.claim | typeof BADGE_TEXT.verify;
  /** product.md 4: 'A CLAIMED marker when claimed.' */
  showClaimedMarker: boolean;
  /** product.md 4: 'Disabled when no EVM or Solana wallet is connected.' */
  disabled: boolean;
}

export function assetBadgeButton(
  status: BadgeStatus,
  connected: { hasEvmWallet: boolean; hasSolanaWallet: boolean },
): AssetBadgeButton {
  return {
    label: status === 'claimable' ? BADGE_TEXT.claim : BADGE_TEXT.verify,
    showClaimedMarker: status === 'claimed',
    disabled: !connected.hasEvmWallet && !connected.hasSolanaWallet,
  };
}

/** product.md 4: 'The partner wallet connect button is disabled once status is not pending.' */
export function isPartnerWalletConnectDisabled(status: BadgeStatus): boolean {
  return status !== 'pending';
}

/**
 * product.md 4: '2 seconds after verification, if the status is still pending, an error toast shows.' Returns the toast
 * text (product.md 8) or null.
 */
export function pendingAfterVerifyToast(status: BadgeStatus): string | null {
  return status === 'pending' ? BADGE_TEXT.assetsNotMet : null;
}

/** product.md 4: 'Claim result in the asset flow: 'congrats / You just claimed 1 badge.' or 'sorry / You're not eligible.'' */
export function assetClaimResult(isSuccess: boolean): { title: string; body: string } {
  return isSuccess
    ? { title: BADGE_TEXT.assetClaimSuccessTitle, body: BADGE_TEXT.assetClaimSuccessBody }
    : { title: BADGE_TEXT.assetClaimFailureTitle, body: BADGE_TEXT.assetClaimFailureBody };
}

/** product.md 4 Tasks: 'The onboarding badge button is enabled only when claimable, and shows 'Onboarding badge claimed'.' */
export function onboardingBadgeButton(status: BadgeStatus): { enabled: boolean; label: string } {
  return {
    enabled: status === 'claimable',
    label: status === 'claimed' ? BADGE_TEXT.onboardingClaimed : BADGE_TEXT.onboardingClaim,
  };
}
