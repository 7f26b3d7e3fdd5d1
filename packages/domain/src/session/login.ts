import { normalizeSourceType, type SourceType } from '../enums';
import { ERROR_CODES, isErrorCode, MSG_KEYS } from '../error-codes';
import { LOGIN_TEXT } from '../messages';
import { selectReferralCode } from '../referral/referral-code';

/** product.md 8: 'Login, missing jwtKey, id token or public key: Counts as a login failure'. */
export function isLoginComplete(parts: {
  sessionToken?: string | null;
  idToken?: string | null;
  smartAccountAddress?: string | null;
}): boolean {
  return !!parts.sessionToken && !!parts.idToken && !!parts.smartAccountAddress;
}

export type LoginFailure = { kind: 'warningPopup' } | { kind: 'toast'; message: string };

function readMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return '';
}

function readCauseCode(error: unknown): unknown {
  if (!error || typeof error !== 'object' || !('cause' in error)) return undefined;
  const cause = error.cause;
  return cause && typeof cause === 'object' && 'code' in cause ? cause.code : undefined;
}

/**
 * product.md 8 login rows: cause code 5115 opens a warning popup; an error text containing 'Failed to initialize
 * request' asks to allow pop-ups; anything else is 'Authorization failed, please try again'.
 */
export function loginFailure(error: unknown): LoginFailure {
  if (isErrorCode(readCauseCode(error), ERROR_CODES.LOGIN_WARNING_POPUP)) return { kind: 'warningPopup' };
  if (readMessage(error).includes('Failed to initialize request')) {
    return { kind: 'toast', message: LOGIN_TEXT.allowPopups };
  }
  return { kind: 'toast', message: LOGIN_TEXT.authorizationFailed };
}

/** product.md 8: bind failures; msgKey customer.public.key.already.binded has its own text. */
export function bindFailureMessage(msgKey: unknown): string {
  return msgKey === MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND
    ? LOGIN_TEXT.publicKeyAlreadyBound
    : LOGIN_TEXT.bindFailed;
}

/**
 * product.md 5 Other: the invite fields of the login body. The code is the selected or default one, else empty; the
 * source type is used only if known, else web.
 */
export function loginReferralFields(input: {
  selectedReferralCode?: string | null;
  defaultReferralCode?: string | null;
  sourceType?: unknown;
}): { referralCode: string; sourceType: SourceType } {
  return {
    referralCode: selectReferralCode(input.selectedReferralCode, input.defaultReferralCode),
    sourceType: normalizeSourceType(input.sourceType),
  };
}
