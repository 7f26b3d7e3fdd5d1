import { REFERRAL_CODE_MAX_LENGTH } from '../constants';

const REFERRAL_CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{1,${REFERRAL_CODE_MAX_LENGTH}}$`);

/**
 * product.md 5 Referral code: 'Only letters and digits, up to 6 characters. Other input is ignored.'
 * Drops every character that is not an ASCII letter or digit and everything typed after the sixth kept one.
 */
export function filterReferralCodeInput(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '').slice(0, REFERRAL_CODE_MAX_LENGTH);
}

/** product.md 5 Referral code: a non-empty code of at most 6 letters and digits. */
export function isValidReferralCode(code: string): boolean {
  return REFERRAL_CODE_PATTERN.test(code);
}

/**
 * product.md 5 Other: 'The invite code is sent only when one is selected or defaulted, otherwise empty.'
 * The selected code wins over the default one.
 */
export function selectReferralCode(
  selected: string | null | undefined,
  defaulted: string | null | undefined,
): string {
  if (selected) return selected;
  if (defaulted) return defaulted;
  return '';
}
